// GET /api/top-up-price – the price of a balance top-up of a typed amount. Priced here, not in
// the browser, so that the pricing policy (exchange rates, markup) never leaves the server.
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { getProductDetail } from "@/lib/catalog/get-product-detail";
import { getPricingPolicy } from "@/lib/catalog/pricing-policy";
import { quoteTopUp } from "@/lib/catalog/quote-top-up";
import { topUpProblemInEnglish } from "@/lib/i18n/english";

const topUpPriceQuerySchema = z.object({
  product: z.string().regex(/^[1-9]\d{0,14}$/, { error: "expected a positive integer" }).transform(Number),
  amount: z.string().max(32, { error: "amount is too long" }),
});

/**
 * The body: { ok: true, amount, price } (both Money), or { ok: false, message, problem }: the
 * message in English, the problem as a code with its details, for the page to say in its language.
 */
function answer(body: object, status = 200) {
  return NextResponse.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export async function GET(request: NextRequest) {
  const query = topUpPriceQuerySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!query.success) {
    const issue = query.error.issues[0];
    return answer({ ok: false, message: `${issue?.path.join(".") || "query"}: ${issue?.message ?? "invalid"}` }, 400);
  }
  const detail = await getProductDetail(query.data.product);
  if (!detail) return answer({ ok: false, message: "No such product" }, 404);
  const quote = quoteTopUp(detail.product, query.data.amount, await getPricingPolicy());
  if (!quote.ok) return answer({ ok: false, message: topUpProblemInEnglish(quote.error), problem: quote.error }, 422);
  return answer({ ok: true, ...quote.value });
}
