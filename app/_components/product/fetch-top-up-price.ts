import { z } from "zod";
import type { TopUpProblem } from "@/lib/catalog/quote-top-up";
import { moneySchema, type Money } from "@/lib/money/money";

/** A problem is the server's (as a code the page words itself), or "unreachable". */
export type TopUpPriceProblem = TopUpProblem | { code: "unreachable" } | { code: "other"; message: string };
export type TopUpPriceOutcome = { ok: true; price: Money } | { ok: false; problem: TopUpPriceProblem };

const problemSchema = z.discriminatedUnion("code", [
  z.object({ code: z.enum(["empty", "fixed_amounts", "unavailable", "not_priced"]) }),
  z.object({ code: z.literal("not_a_number"), example: z.string() }),
  z.object({ code: z.literal("whole_number"), currency: z.string() }),
  z.object({ code: z.literal("too_many_decimals"), currency: z.string(), decimals: z.number() }),
  z.object({ code: z.literal("unknown_currency"), currency: z.string() }),
  z.object({ code: z.literal("out_of_range"), min: moneySchema, max: moneySchema }),
]);

const answerSchema = z.union([
  z.object({ ok: z.literal(true), price: moneySchema }),
  z.object({ ok: z.literal(false), message: z.string(), problem: z.unknown().optional() }),
]);

const UNREACHABLE: TopUpPriceOutcome = { ok: false, problem: { code: "unreachable" } };

/** Asks our /api/top-up-price; the price is computed on the server, where the pricing policy lives. */
export async function fetchTopUpPrice(productId: number, amountText: string, signal: AbortSignal): Promise<TopUpPriceOutcome> {
  const query = new URLSearchParams({ product: String(productId), amount: amountText });
  try {
    const response = await fetch(`/api/top-up-price?${query}`, { signal, headers: { Accept: "application/json" } });
    const body = answerSchema.safeParse(await response.json());
    if (!body.success) return UNREACHABLE;
    if (body.data.ok) return { ok: true, price: body.data.price };
    // A problem this page does not know yet is still shown, in the server's words.
    const problem = problemSchema.safeParse(body.data.problem);
    return { ok: false, problem: problem.success ? problem.data : { code: "other", message: body.data.message } };
  } catch (error) {
    if (signal.aborted) throw error;
    return UNREACHABLE;
  }
}
