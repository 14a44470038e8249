// The bank's and Radar's events (lib/checkout/bank-events.ts) as this process handles them: the
// shop's orders, blocklist and settings, the stripe client to find a payment's order, and the
// owner's own refund path for a refund an early fraud warning asks for.
import { bankEventHandler, type BankEventDeps } from "@/lib/checkout/bank-events";
import { refundOrder } from "@/lib/checkout/owner-actions";
import { getKv } from "@/lib/kv/get-kv";
import { orderDeps } from "./checkout";
import { shopBlocklist, shopReviewSettings } from "./fraud";
import { ownerActionDeps } from "./owner-actions";
import { getStripe } from "./stripe";

export async function shopBankEvents(): Promise<ReturnType<typeof bankEventHandler>> {
  const [kv, stripe, advance] = await Promise.all([getKv(), getStripe(), orderDeps()]);
  const deps: BankEventDeps = {
    advance,
    kv,
    blocklist: shopBlocklist(kv),
    settings: () => shopReviewSettings(kv),
    orderOfPayment: async (intentId) => (await stripe.paymentIntents.retrieve(intentId)).metadata?.order_id ?? null,
    refundNow: async (orderId, requestId, reason) => {
      const refunded = await refundOrder(await ownerActionDeps(), { orderId, requestId, reason }, { email: "screening", ip: null });
      if (!refunded.ok) console.error(`[fraud] refund of ${orderId} after an early fraud warning not made: ${refunded.error.message}`);
    },
  };
  return bankEventHandler(deps);
}
