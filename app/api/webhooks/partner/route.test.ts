import { describe, expect, it, vi } from "vitest";
import { meteredBody, streamedPost } from "@/tests/support/http/metered-body";

const advance = vi.fn();
vi.mock("@/lib/checkout/advance", () => ({ advance }));
vi.mock("@/lib/shop/checkout", () => ({
  orderDepsWithin: async () => ({ store: { read: async () => ({ ok: false, error: { code: "not_found" } }) } }),
}));
vi.mock("@/lib/shop/partner-notify", async (actual) => ({ ...(await actual<object>()), partnerNotifySecret: async () => "s3cret" }));
const { POST } = await import("./route");

const URL = "https://shop.test/api/webhooks/partner";

describe("POST /api/webhooks/partner", () => {
  it("reads no body from a sender without the shared secret", async () => {
    for (const headers of [{}, { "x-notify-secret": "wrong" }] as Record<string, string>[]) {
      const body = meteredBody(32 * 1024);
      const response = await POST(streamedPost(URL, body, headers));
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: "unauthorized" });
      expect(body.bytesRead).toBe(0);
    }
  });

  it("refuses a body whose Content-Length is over 64 KiB before reading any of it", async () => {
    const body = meteredBody(1024 * 1024);
    const response = await POST(streamedPost(URL, body, { "x-notify-secret": "s3cret", "content-length": String(1024 * 1024) }));
    expect(response.status).toBe(413);
    expect(body.bytesRead).toBe(0);
  });

  it("stops reading at 64 KiB when the body says no length, or a false one", async () => {
    for (const headers of [{}, { "content-length": "10" }] as Record<string, string>[]) {
      const body = meteredBody(4 * 1024 * 1024);
      const response = await POST(streamedPost(URL, body, { ...headers, "x-notify-secret": "s3cret" }));
      expect(response.status).toBe(413);
      expect(body.bytesRead).toBeLessThanOrEqual(64 * 1024 + 16 * 1024);
    }
  });

  it("acknowledges a notification of an order that is not ours", async () => {
    const body = JSON.stringify({ order_id: 7, ext_order_id: "01KA0000000000000000000000", order_status: 2 });
    const response = await POST(new Request(URL, { method: "POST", headers: { "x-notify-secret": "s3cret" }, body }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: "ignored: unknown order" });
    expect(advance).not.toHaveBeenCalled();
  });
});
