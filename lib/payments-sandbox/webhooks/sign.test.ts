import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { signatureHeader } from "./sign";

describe("signatureHeader", () => {
  it("matches the stripe package's own test header and verifies with constructEvent", () => {
    const stripe = new Stripe("sk_test_sign");
    const payload = JSON.stringify({ id: "evt_1", object: "event" });
    const timestamp = Math.floor(Date.now() / 1000);
    const ours = signatureHeader(payload, "whsec_abc", timestamp);
    expect(ours).toBe(stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_abc", timestamp }));
    expect(stripe.webhooks.constructEvent(payload, ours, "whsec_abc").id).toBe("evt_1");
  });
});
