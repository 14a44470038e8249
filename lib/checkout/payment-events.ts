// What a verified Stripe event means for the checkout: "look at this order now". The event's
// contents are not trusted beyond the order id in its metadata; advance() reads the session and
// the PaymentIntent back from the payments API before it acts, so duplicated, late and
// reordered events cost at most one more read. The wake-up says it came from the payment side,
// so an order whose next step asks only upstream (being fulfilled, or completed) is not looked
// at again for it: the capture's own events would otherwise cost an upstream call per order.
import type Stripe from "stripe";
import type { Result } from "@/lib/result";
import type { OrderRecord } from "./order-record";
import { orderIdSchema } from "./order-record";
import type { OrderStoreError } from "./store/order-store";

export type WakeOrder = (orderId: string) => Promise<Result<OrderRecord, OrderStoreError>>;

/** The order an event is about, from the metadata our checkout puts on sessions, intents and refunds. */
export function orderIdOfEvent(event: Stripe.Event): string | null {
  const object = event.data.object as { metadata?: Record<string, string> | null; client_reference_id?: string | null };
  const candidate = object.metadata?.order_id ?? object.client_reference_id ?? null;
  return orderIdSchema.safeParse(candidate).success ? candidate : null;
}

/**
 * The stripe webhook's handler for the checkout. Events about no order of ours are acknowledged
 * and dropped; when the order cannot be advanced now (KV trouble) it throws, so the webhook
 * answers 500 and Stripe delivers the event again (the sweep has the order due meanwhile).
 */
export function paymentEventHandler(wake: WakeOrder): (event: Stripe.Event) => Promise<void> {
  return async (event) => {
    const orderId = orderIdOfEvent(event);
    if (orderId === null) return;
    const advanced = await wake(orderId);
    if (!advanced.ok && advanced.error.code !== "not_found") {
      throw new Error(`order ${orderId} not advanced after ${event.type}: ${advanced.error.code}`);
    }
  };
}
