import { moneySchema, type Money } from "@/lib/money/money";
import { z } from "zod";

export type TopUpPriceOutcome = { ok: true; price: Money } | { ok: false; message: string };

const answerSchema = z.union([
  z.object({ ok: z.literal(true), price: moneySchema }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);

const UNREACHABLE: TopUpPriceOutcome = { ok: false, message: "We could not price this amount just now. Please try again." };

/** Asks our /api/top-up-price; the price is computed on the server, where the pricing policy lives. */
export async function fetchTopUpPrice(productId: number, amountText: string, signal: AbortSignal): Promise<TopUpPriceOutcome> {
  const query = new URLSearchParams({ product: String(productId), amount: amountText });
  try {
    const response = await fetch(`/api/top-up-price?${query}`, { signal, headers: { Accept: "application/json" } });
    const body = answerSchema.safeParse(await response.json());
    if (!body.success) return UNREACHABLE;
    return body.data.ok ? { ok: true, price: body.data.price } : { ok: false, message: body.data.message };
  } catch (error) {
    if (signal.aborted) throw error;
    return UNREACHABLE;
  }
}
