// GET /api/top-up-price – the price of a balance top-up of a typed amount. Priced here, not in
// the browser, so that the pricing rules (exchange rates, markups) never leave the server.
import type { NextRequest } from "next/server";
import { z } from "zod";
import { getProductDetail } from "@/lib/shop/get-product-detail";
import { quoteTopUp } from "@/lib/catalog/quote-top-up";
import { invalid } from "@/lib/http/invalid";
import { json, problem } from "@/lib/http/json-answer";
import { route } from "@/lib/http/route";
import { topUpProblemInEnglish } from "@/lib/i18n/english";
import { shopPricingRules } from "@/lib/shop/pricing";

const topUpPriceQuerySchema = z.object({
  product: z.string().regex(/^[1-9]\d{0,14}$/, { error: "expected a positive integer" }).transform(Number),
  amount: z.string().max(32, { error: "amount is too long" }),
});

/**
 * The body: { ok: true, amount, price } (both Money), or the error envelope; a refused amount
 * carries `problem`, a code with its details, for the page to say in its own language.
 */
export const GET = route({}, async (request: NextRequest) => {
  const query = topUpPriceQuerySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!query.success) return invalid(query.error, "query");
  const detail = await getProductDetail(query.data.product);
  if (!detail) return problem("not_found", "No such product", { field: "product" });
  const quote = quoteTopUp(detail.product, query.data.amount, await shopPricingRules());
  if (!quote.ok) return problem("refused", topUpProblemInEnglish(quote.error), { field: "amount", problem: quote.error });
  return json({ ok: true, ...quote.value });
});
