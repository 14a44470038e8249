// The checkout harness with screening on: payments through the payments sandbox (Radar's
// highest-risk block off unless asked, so the shop's own rules decide), an in-memory
// blocklist, the review settings' defaults, and owner-action deps for approve and reject.
import type { OwnerActionDeps } from "@/lib/checkout/owner-actions";
import { stripePaymentRisk } from "@/lib/checkout/stripe-payment-risk";
import { DEFAULT_REVIEW_SETTINGS, type ReviewSettings } from "@/lib/fraud/review-settings";
import { ok } from "@/lib/result";
import { RESERVED_ITEM, checkoutHarness, type CheckoutHarness } from "@/tests/support/checkout/checkout-harness";
import { memoryBlocklist } from "./memory-blocklist";

export const CARDS = {
  plain: "4242424242424242",
  elevated: "4000000000009235",
  highest: "4000000000004954",
  earlyFraudWarning: "4000000000005423",
  dispute: "4000000000000259",
} as const;

export const OWNER = { email: "owner@example.com", ip: "127.0.0.1" };

export async function screeningHarness(options: { settings?: Partial<ReviewSettings>; radarBlocksHighest?: boolean } = {}) {
  const h = await checkoutHarness(undefined, { payments: "sandbox", paymentsConfig: { blockHighestRisk: options.radarBlocksHighest ?? false } });
  if (!h.stripe) throw new Error("the screening harness needs the payments sandbox");
  const blocklist = memoryBlocklist();
  const settings: ReviewSettings = { ...DEFAULT_REVIEW_SETTINGS, ...options.settings };
  h.deps.screening = { kv: h.kv, readRisk: stripePaymentRisk(h.stripe), blocklist, settings: async () => settings };
  const owner: OwnerActionDeps = { ...h.deps, shopName: "Test Shop", mailer: { send: async () => ok({ where: "memory" }) } };

  /** A reservation-flow order paid on the hosted page with `card`; advanced as the webhook would. */
  async function paidOrder(card: string, input: Partial<Parameters<CheckoutHarness["createOrder"]>[0]> = {}) {
    const id = await h.createOrder({ flow: "reservation", item: RESERVED_ITEM, ...input });
    const waiting = await h.step(id);
    if (waiting.state !== "awaiting_payment" || !waiting.payment.url) throw new Error(`order not awaiting payment: ${waiting.state}`);
    await h.payWithCard(waiting.payment.url, card);
    return { id, after: await h.step(id, true), url: waiting.payment.url };
  }

  /** The payment's intent as Stripe reports it now. */
  async function intent(orderId: string) {
    const read = await h.deps.store.read(orderId);
    if (!read.ok || !read.value.record.payment.paymentIntentId) throw new Error("no payment");
    return h.stripe!.paymentIntents.retrieve(read.value.record.payment.paymentIntentId);
  }

  return { ...h, blocklist, settings, owner, paidOrder, intent };
}
