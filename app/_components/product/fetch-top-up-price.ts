import { z } from "zod";
import { topUpProblemSchema } from "@/lib/catalog/top-up-amount";
import { errorBodySchema } from "@/lib/http/error-body";
import type { TopUpWordsProblem } from "@/lib/i18n/top-up-problem-words";
import { moneySchema, type Money } from "@/lib/money/money";

/** A problem is the server's (as a code the page words itself), or "unreachable". */
export type TopUpPriceOutcome = { ok: true; price: Money } | { ok: false; problem: TopUpWordsProblem };

const priceSchema = z.object({ ok: z.literal(true), price: moneySchema });

const UNREACHABLE: TopUpPriceOutcome = { ok: false, problem: { code: "unreachable" } };

/** Asks our /api/top-up-price; the price is computed on the server, where the pricing policy lives. */
export async function fetchTopUpPrice(productId: number, amountText: string, signal: AbortSignal): Promise<TopUpPriceOutcome> {
  const query = new URLSearchParams({ product: String(productId), amount: amountText });
  try {
    const response = await fetch(`/api/top-up-price?${query}`, { signal, headers: { Accept: "application/json" } });
    const body: unknown = await response.json();
    const priced = priceSchema.safeParse(body);
    if (priced.success) return { ok: true, price: priced.data.price };
    const refused = errorBodySchema.safeParse(body);
    if (!refused.success) return UNREACHABLE;
    // A problem this page does not know yet is still shown, in the server's words.
    const problem = topUpProblemSchema.safeParse(refused.data.problem);
    return { ok: false, problem: problem.success ? problem.data : { code: "other", message: refused.data.message } };
  } catch (error) {
    if (signal.aborted) throw error;
    return UNREACHABLE;
  }
}
