// The buyer's browser back from the payment page is news like the payment webhook, and often
// earlier: the order page wakes the order (reason "payment") so its first render already shows
// the furthest state reachable instead of "waiting for your payment" until the next look.
// The return URL is the order link itself (the email's too), so any render may be a return;
// two rules keep that from costing a payments call per reload:
//  • only an order still awaiting its payment is woken: in every other state the payment page
//    has nothing new to say, and a wake would only jump the order's own backoff;
//  • one wake per order per window, claimed in KV, so a burst of reloads (or a page open in
//    two tabs, on two instances) reads the payment once.
// The page is behind the order's capability key (buyer-order.ts): a stranger wakes nothing.
import type { Kv } from "@/lib/kv/kv";
import type { OrderRecord } from "./order-record";
import type { WakeReason } from "./wake-mark";

export const PAYMENT_RETURN: WakeReason = { kind: "payment" };

/** Reloads within this share one wake-up; the webhook covers anything later. */
const WINDOW_MS = 5_000;

/** True when this render should wake the order: it awaits its payment and no wake was claimed lately. */
export async function claimPaymentReturn(kv: Kv, order: OrderRecord): Promise<boolean> {
  if (order.state !== "awaiting_payment") return false;
  // Unsure (KV trouble, or the claim written and its reply lost) means wake: the buyer's page
  // answered, so the return must be acted on now, and one more read of the payment is cheap.
  return kv.setIfAbsent(`checkout:payment-return:${order.id}`, "1", { ttlMs: WINDOW_MS }).catch(() => true);
}
