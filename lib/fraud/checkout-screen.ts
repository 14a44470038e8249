// What POST /api/checkout asks of screening (screen-checkout.ts implements it, lib/shop wires it;
// it lives here so that lib/checkout depends on lib/fraud and never the other way), in three
// steps, each riding on a KV round trip the checkout makes anyway: `begin` starts screening's
// reads (rules, blocklist, breaker, the bot check) beside the quote's; `judge` decides on those
// reads once the price is known, writing nothing; `count` (the velocity caps, one script) is sent
// beside the sale check's hold, the checkout's first write, and withdrawn if the shop then does
// not take the order. Nothing goes upstream before all three passed, so a refused checkout costs
// no upstream call and holds nothing once answered.
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
  /** The checks that write nothing (breaker, bot check, blocklist); passed, the count to send with the first write. */
  judge(price: Money): Promise<Result<ScreenCount, ScreenRefusal>>;
}

/** The checkout counted against the velocity caps, or refused by them (counted nowhere then). */
export type ScreenCount = () => Promise<Result<CountedCheckout, ScreenRefusal>>;

export interface CountedCheckout {
  /** The shop did not take the order after all (sale check, store): it no longer counts against the caps. */
  withdraw(): Promise<void>;
}

export interface CheckoutScreen {
  begin(request: Request, body: ScreenedCheckout): ScreenRun;
}
