// What POST /api/checkout asks of screening (screen-checkout.ts implements it, lib/shop wires it;
// it lives here so that lib/checkout depends on lib/fraud and never the other way), in two
// halves like the rate limit: `begin` starts screening's reads (rules, blocklist, breaker, the
// bot check) beside the quote's, and `judge` decides once the price is known, counting the
// order against the velocity caps only if it passes. Both run before anything is reserved or
// stored, so a refused checkout costs no upstream call and holds nothing.
import type { Money } from "@/lib/money";
import type { Result } from "@/lib/result";

/** What screening reads of a checkout's body (lib/checkout/checkout-request.ts's fields of the same names). */
export interface ScreenedCheckout {
  email: string;
  /** A top-up's game account. */
  account?: string;
  bot_token?: string;
}

/**
 * What the buyer is told. One message for every rule about the buyer (velocity, blocklist), so
 * that a bot learns nothing about which rule it hit or how close it came.
 */
export type ScreenRefusal =
  /** No valid bot-check token: solve the check again. */
  | { code: "bot_check_failed"; message: string }
  /** The card-testing breaker is open: the strict check is needed. */
  | { code: "challenge_required"; message: string }
  | { code: "order_refused"; message: string }
  /** The card-testing breaker is open and the owner pauses checkouts meanwhile. */
  | { code: "checkout_paused"; message: string };

export interface ScreenRun {
  judge(price: Money): Promise<Result<void, ScreenRefusal>>;
}

export interface CheckoutScreen {
  begin(request: Request, body: ScreenedCheckout): ScreenRun;
}
