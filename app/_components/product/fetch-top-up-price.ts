// Read without zod: this runs in the browser (see lib/http/read-error-body.ts).
import { isTopUpProblem } from "@/lib/catalog/top-up-amount";
import { readErrorBody } from "@/lib/http/read-error-body";
import type { TopUpWordsProblem } from "@/lib/i18n/top-up-problem-words";
import { isMoney } from "@/lib/money/is-money";
import type { Money } from "@/lib/money/money";

/** A problem is the server's (as a code the page words itself), or "unreachable". */
export type TopUpPriceOutcome = { ok: true; price: Money } | { ok: false; problem: TopUpWordsProblem };

const UNREACHABLE: TopUpPriceOutcome = { ok: false, problem: { code: "unreachable" } };

/** Asks our /api/top-up-price; the price is computed on the server, where the pricing policy lives. */
export async function fetchTopUpPrice(productId: number, amountText: string, signal: AbortSignal): Promise<TopUpPriceOutcome> {
  const query = new URLSearchParams({ product: String(productId), amount: amountText });
  try {
    const response = await fetch(`/api/top-up-price?${query}`, { signal, headers: { Accept: "application/json" } });
    const body: unknown = await response.json();
    const price = pricedAt(body);
    if (price) return { ok: true, price };
    const refused = readErrorBody(body);
    if (!refused) return UNREACHABLE;
    // A problem this page does not know yet is still shown, in the server's words.
    return { ok: false, problem: isTopUpProblem(refused.problem) ? refused.problem : { code: "other", message: refused.message } };
  } catch (error) {
    if (signal.aborted) throw error;
    return UNREACHABLE;
  }
}

/** The price of a `{ ok: true, price }` answer, or null for any other body. */
function pricedAt(body: unknown): Money | null {
  if (typeof body !== "object" || body === null) return null;
  const { ok, price } = body as Record<string, unknown>;
  return ok === true && isMoney(price) ? { minor: price.minor, currency: price.currency } : null;
}
