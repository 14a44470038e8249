// Screening at authorization as this process runs it: the shop's KV for the blocklist, the
// card history, the review queue and the owner's settings, and the payment module's stripe
// client for each payment's risk. The blocklist is the interim one until the screening's own
// (kvBlocklist) is merged: both are a BlockPort, so only this file changes then.
import type { ScreeningDeps } from "@/lib/checkout/screening/screening-deps";
import { stripePaymentRisk } from "@/lib/checkout/stripe-payment-risk";
import type { BlockPort } from "@/lib/fraud/block-port";
import { decidePageAuthentication } from "@/lib/fraud/decide-at-authorization";
import { isBuyerFlagged } from "@/lib/fraud/flagged-buyers";
import { interimKvBlocklist } from "@/lib/fraud/interim-kv-blocklist";
import { readReviewSettings } from "@/lib/fraud/review-settings";
import type { Kv } from "@/lib/kv/kv";
import { getKv } from "@/lib/kv/get-kv";
import type Stripe from "stripe";

export function shopBlocklist(kv: Kv): BlockPort {
  return interimKvBlocklist(kv);
}

export async function shopBlocklistNow(): Promise<BlockPort> {
  return shopBlocklist(await getKv());
}

export function screeningDeps(kv: Kv, stripe: Stripe): ScreeningDeps {
  return { kv, readRisk: stripePaymentRisk(stripe), blocklist: shopBlocklist(kv), settings: () => readReviewSettings(kv) };
}

/** Whether a new order's payment page asks for 3-D Secure: the settings, and whether the email is one the shop flagged. */
export async function pageAuthentication(email: string): Promise<boolean> {
  const kv = await getKv();
  const [settings, flagged] = await Promise.all([readReviewSettings(kv), isBuyerFlagged(kv, email)]);
  return decidePageAuthentication(settings, flagged);
}
