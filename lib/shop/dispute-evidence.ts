// Submitting a dispute's evidence as this process does it: the shop's orders and stripe client.
import type { Actor } from "@/lib/audit";
import { submitEvidence } from "@/lib/checkout/dispute-evidence";
import { attempt } from "@/lib/checkout/stripe-payments";
import { submitDisputeEvidence } from "@/lib/payments/payment-actions";
import { orderDeps } from "./checkout";
import { getStripe } from "./stripe";

export async function submitOrderEvidence(orderId: string, actor: Actor) {
  const [deps, stripe] = await Promise.all([orderDeps(), getStripe()]);
  return submitEvidence(
    { store: deps.store, clock: deps.clock, submit: (order, disputeId, evidence) => attempt(async () => void (await submitDisputeEvidence(stripe, order, disputeId, evidence))) },
    orderId,
    actor,
  );
}
