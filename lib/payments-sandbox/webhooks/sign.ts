// Stripe's webhook signature: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`
// keyed with the whole whsec_… secret, so stripe.webhooks.constructEvent verifies it unchanged.
import { createHmac } from "node:crypto";

export function signatureHeader(payload: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac("sha256", secret).update(`${timestampSeconds}.${payload}`, "utf8").digest("hex");
  return `t=${timestampSeconds},v1=${v1}`;
}
