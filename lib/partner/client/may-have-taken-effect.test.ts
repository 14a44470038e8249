import { describe, expect, it } from "vitest";
import { hang, json } from "@/tests/support/partner-client/fake-service";
import { orderUpdateBody, voucherOrderBody } from "@/tests/support/partner-client/sample-bodies";
import { setupClient } from "@/tests/support/partner-client/setup-client";

function failure(result: { ok: true } | { ok: false; error: { code: unknown; mayHaveTakenEffect: boolean } }) {
  return result.ok ? null : [result.error.code, result.error.mayHaveTakenEffect];
}

/** A fetch failure as undici raises it, with the system error code as its cause. */
function networkFailure(code: string) {
  return () => Promise.reject(new TypeError("fetch failed", { cause: Object.assign(new Error(code), { code }) }));
}

const pay = { voucher_id: 501 };

describe("PartnerError.mayHaveTakenEffect", () => {
  it("is true for a timeout", async () => {
    const { service, client, timers } = setupClient({ retries: 0 });
    service.on("POST /api/pay", hang);
    const pending = client.pay(pay);
    await timers.advance(75_000);
    expect(failure(await pending)).toEqual(["timeout", true]);
  });

  it("is true for a network failure after connecting, false when the connection was refused", async () => {
    const { service, client } = setupClient({ retries: 0 });
    service.on("POST /api/pay", networkFailure("ECONNRESET"));
    expect(failure(await client.pay(pay))).toEqual(["network", true]);
    service.on("POST /api/pay", networkFailure("ECONNREFUSED"));
    expect(failure(await client.pay(pay))).toEqual(["network", false]);
    service.on("POST /api/pay", networkFailure("ENOTFOUND"));
    expect(failure(await client.pay(pay))).toEqual(["network", false]);
  });

  it("is true for an abort once the request was sent", async () => {
    const { service, client } = setupClient({ retries: 0 });
    service.on("POST /api/pay", hang);
    await client.login();
    const controller = new AbortController();
    const pending = client.pay(pay, { signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    expect(service.callsTo("POST /api/pay")).toHaveLength(1);
    controller.abort();
    expect(failure(await pending)).toEqual(["aborted", true]);
  });

  it("is true for a 5xx without a service code, or with code 500", async () => {
    const { service, client } = setupClient({ retries: 0 });
    for (const reply of [
      () => new Response("bad gateway", { status: 502 }),
      () => json(503, {}),
      () => new Response("", { status: 504 }),
      () => json(500, { error: 500, error_text: "internal" }),
      () => json(502, { error: 999 }),
    ]) {
      service.on("POST /api/pay", reply);
      const result = await client.pay(pay);
      expect(result.ok ? null : result.error.mayHaveTakenEffect).toBe(true);
    }
  });

  it("is false when a 5xx carries a service code that refuses the call", async () => {
    const { service, client } = setupClient({ retries: 0 });
    service.on("POST /api/pay", () => json(503, { error: 103, error_text: "unavailable" }));
    expect(failure(await client.pay(pay))).toEqual([103, false]);
    service.on("POST /api/pay", () => json(503, { error: 503, error_text: "integration down" }));
    expect(failure(await client.pay(pay))).toEqual([503, false]);
  });

  it("is false for 4xx service errors and a 429", async () => {
    const { service, client } = setupClient({ retries: 0 });
    for (const [status, code] of [[400, 400], [402, 402], [404, 102], [409, 101], [429, 429]] as const) {
      service.on("POST /api/pay", () => json(status, { success: false, error: code, error_text: "no" }));
      expect(failure(await client.pay(pay))).toEqual([code, false]);
    }
  });

  it("is true for an unreadable 2xx to pay and order_update, false to a read", async () => {
    const { service, client } = setupClient({ retries: 0 });
    service.on("POST /api/pay", () => new Response("<html>ok</html>", { status: 200 }));
    expect(failure(await client.pay(pay))).toEqual(["invalid_response", true]);
    service.on("POST /api/pay", () => json(200, { ...voucherOrderBody, order_id: 5 }));
    expect(failure(await client.pay(pay))).toEqual(["invalid_response", true]);
    service.on("POST /api/order_update", () => json(200, { ...orderUpdateBody, order_status: "done" }));
    expect(failure(await client.orderUpdate({ order_id: "1", status: 2 }))).toEqual(["invalid_response", true]);
    service.on("GET /api/get_order_info", () => new Response("<html>ok</html>", { status: 200 }));
    expect(failure(await client.orderInfo("1"))).toEqual(["invalid_response", false]);
  });

  it("is false when the login before the call failed, even by timeout", async () => {
    const { service, client, timers } = setupClient({ retries: 0 });
    service.on("POST /api/auth/login", () => json(401, { error: 401, error_text: "bad key" }));
    expect(failure(await client.pay(pay))).toEqual([401, false]);
    service.on("POST /api/auth/login", hang);
    const pending = client.pay(pay);
    await timers.advance(15_000);
    expect(failure(await pending)).toEqual(["timeout", false]);
    expect(service.callsTo("POST /api/pay")).toHaveLength(0);
  });

  it("stays true when a later retry fails in a way that alone would say false", async () => {
    const { service, client, timers } = setupClient({ retries: 1 });
    service.on("POST /api/pay", () => new Response("", { status: 502 }), () => json(429, { error: 429 }, { "retry-after": "1" }));
    const pending = client.pay({ ...pay, ext_order_id: "a1" });
    await timers.advance(1_000);
    expect(failure(await pending)).toEqual([429, true]);
    expect(service.callsTo("POST /api/pay")).toHaveLength(2);
  });
});
