// GET /api/player-check – checks a player account before purchase (Partner API account_check)
// for the product page. The account is validated against the product's own form first, with
// the same rules the browser applied, so a malformed value never reaches upstream. Limited
// per client IP: each check spends the partner's upstream rate limit, which /api/pay shares.
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { accountStringSchema } from "@/lib/catalog/account-form";
import { checkPlayer } from "@/lib/catalog/check-player";
import { getProductDetail } from "@/lib/catalog/get-product-detail";
import { env } from "@/lib/config/env";
import { withRateLimit } from "@/lib/rate-limit/with-rate-limit";
import type { PlayerCheckOutcome } from "@/lib/catalog/types";
import { purchaseAccountForm } from "@/lib/catalog/purchase-account-form";

const id = z.string().regex(/^[1-9]\d{0,14}$/, { error: "expected a positive integer" }).transform(Number);

const playerCheckQuerySchema = z.object({
  product: id,
  voucher: z.union([z.literal("").transform(() => null), id]).nullish().transform((v) => v ?? null),
  account: z.string().min(1, { error: "account is required" }).max(512, { error: "account is too long" }),
});

function answer(outcome: PlayerCheckOutcome, status = 200) {
  return NextResponse.json(outcome, { status, headers: { "Cache-Control": "no-store" } });
}

async function checkAccount(request: NextRequest) {
  const query = playerCheckQuerySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!query.success) {
    const issue = query.error.issues[0];
    return answer({ status: "invalid", message: `${issue?.path.join(".") ?? "query"}: ${issue?.message ?? "invalid"}` }, 400);
  }
  const { product, voucher, account } = query.data;

  const detail = await getProductDetail(product);
  if (!detail) return answer({ status: "invalid", message: "No such product" }, 404);
  const lookup = purchaseAccountForm(detail, voucher);
  if (!lookup.ok) return answer({ status: "invalid", message: lookup.message }, 404);
  if (!lookup.form) return answer({ status: "invalid", message: "This amount needs no account" }, 400);

  const parsed = accountStringSchema(lookup.form).safeParse(account);
  if (!parsed.success) return answer({ status: "invalid", message: parsed.error.issues[0]?.message ?? "invalid account" }, 400);

  return answer(await checkPlayer(product, parsed.data));
}

export const GET = withRateLimit({ scope: "player-check", setting: () => env().PLAYER_CHECK_RATE_LIMIT }, checkAccount);
