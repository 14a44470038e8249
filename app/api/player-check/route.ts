// GET /api/player-check – checks a player account before purchase (Partner API account_check)
// for the product page. The account is validated against the product's own form first, with
// the same rules the browser applied, so a malformed value never reaches upstream. Limited
// per client IP: each check spends the partner's upstream rate limit, which /api/pay shares.
import type { NextRequest } from "next/server";
import { z } from "zod";
import { accountStringSchema } from "@/lib/catalog/account-form";
import { checkPlayer } from "@/lib/shop/check-player";
import { getProductDetail } from "@/lib/shop/get-product-detail";
import { purchaseAccountForm } from "@/lib/catalog/purchase-account-form";
import { firstIssue } from "@/lib/http/first-issue";
import { invalid } from "@/lib/http/invalid";
import { json, problem } from "@/lib/http/json-answer";
import { route } from "@/lib/http/route";
import { rateLimit } from "@/lib/shop/route-needs";

const id = z.string().regex(/^[1-9]\d{0,14}$/, { error: "expected a positive integer" }).transform(Number);

const playerCheckQuerySchema = z.object({
  product: id,
  voucher: z.union([z.literal("").transform(() => null), id]).nullish().transform((v) => v ?? null),
  account: z.string().min(1, { error: "account is required" }).max(512, { error: "account is too long" }),
});

export const GET = route({ rateLimit: rateLimit("player-check") }, async (request: NextRequest) => {
  const query = playerCheckQuerySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!query.success) return invalid(query.error, "query");
  const { product, voucher, account } = query.data;

  const detail = await getProductDetail(product);
  if (!detail) return problem("not_found", "No such product", { field: "product" });
  const lookup = purchaseAccountForm(detail, voucher);
  if (!lookup.ok) return problem("not_found", lookup.message, { field: "voucher" });
  if (!lookup.form) return problem("not_applicable", "This amount needs no account", { field: "voucher" });

  const parsed = accountStringSchema(lookup.form).safeParse(account);
  if (!parsed.success) return problem("refused", firstIssue(parsed.error).message, { field: "account" });

  return json(await checkPlayer(product, parsed.data));
});
