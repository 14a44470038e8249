import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { meteredBody, streamedPost } from "@/tests/support/http/metered-body";

const SECRET = "whsec_route";
const stripe = new Stripe("sk_test_route");
const kv = createMemoryKv();
const advance = vi.fn();
vi.mock("@/lib/checkout/advance", () => ({ advance }));
// The bank-events handler builds its own deps with orderDeps; the route its run with orderDepsWithin.
vi.mock("@/lib/shop/checkout", () => ({ orderDeps: async () => ({}), orderDepsWithin: async () => ({}) }));
vi.mock("@/lib/kv/get-kv", () => ({ getKv: async () => kv }));
vi.mock("@/lib/shop/stripe", () => ({ getStripe: async () => stripe, webhookSecret: async () => SECRET }));
const { POST } = await import("./route");

const URL = "https://shop.test/api/webhooks/stripe";
const MiB = 1024 * 1024;

describe("POST /api/webhooks/stripe", () => {
  it("refuses a body whose Content-Length is over 1 MiB before reading any of it", async () => {
    const body = meteredBody(2 * MiB);
    const response = await POST(streamedPost(URL, body, { "content-length": String(2 * MiB), "stripe-signature": "t=1,v1=x" }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: "too_large" });
    expect(body.bytesRead).toBe(0);
  });

  it("stops reading at 1 MiB when the body says no length, or a false one", async () => {
    for (const headers of [{}, { "content-length": "100" }] as Record<string, string>[]) {
      const body = meteredBody(8 * MiB);
      const response = await POST(streamedPost(URL, body, { ...headers, "stripe-signature": "t=1,v1=x" }));
      expect(response.status).toBe(413);
      expect(body.bytesRead).toBeLessThanOrEqual(MiB + 16 * 1024);
    }
  });

  it("hands a signed event under the limit to the order it names", async () => {
    const payload = JSON.stringify({ id: "evt_r", object: "event", type: "payment_intent.succeeded", data: { object: { metadata: { order_id: "01KA0000000000000000000000" } } } });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    advance.mockResolvedValue({ ok: true, value: {} });
    const response = await POST(new Request(URL, { method: "POST", headers: { "stripe-signature": signature }, body: payload }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(advance).toHaveBeenCalledWith("01KA0000000000000000000000", {}, expect.anything());
  });

  it("answers a bad signature in the error envelope", async () => {
    const response = await POST(new Request(URL, { method: "POST", headers: { "stripe-signature": "t=1,v1=x" }, body: "{}" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_signature", message: expect.any(String) });
  });
});
