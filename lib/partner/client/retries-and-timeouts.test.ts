import { describe, expect, it } from "vitest";
import type { Result } from "@/lib/result";
import type { PartnerError } from "./partner-error";
import { hang, json } from "@/tests/support/partner-client/fake-service";
import type { ManualTimers } from "@/tests/support/partner-client/manual-timers";
import { balanceBody, orderUpdateBody, voucherOrderBody } from "@/tests/support/partner-client/sample-bodies";
import { setupClient } from "@/tests/support/partner-client/setup-client";

const busy = () => json(503, { success: false, error: 503, error_text: "busy" });

/** Advance the clock in steps until the call settles; returns its result and the time it took. */
async function settleWithTime<T>(timers: ManualTimers, call: Promise<Result<T, PartnerError>>, stepMs: number) {
  let settled: Result<T, PartnerError> | undefined;
  void call.then((r) => (settled = r));
  const start = timers.now();
  for (let i = 0; i < 100 && settled === undefined; i += 1) await timers.advance(stepMs);
  if (settled === undefined) throw new Error("call never settled");
  return { result: settled, elapsedMs: timers.now() - start };
}

describe("timeouts", () => {
  it("aborts a GET after 15 s with code timeout, passing the AbortSignal to fetch", async () => {
    const { service, client, timers } = setupClient({ retries: 0 });
    service.on("GET /api/balance", hang);
    const pending = client.balance();
    await timers.advance(14_999);
    expect(service.callsTo("GET /api/balance")[0]?.signal?.aborted).toBe(false);
    const { result, elapsedMs } = await settleWithTime(timers, pending, 1);
    expect(elapsedMs).toBe(1);
    expect(result.ok ? null : [result.error.code, result.error.status]).toEqual(["timeout", null]);
    expect(service.callsTo("GET /api/balance")[0]?.signal?.aborted).toBe(true);
    expect(timers.pendingTimers).toBe(0);
  });

  it("times out even when fetch ignores the signal", async () => {
    const { service, client, timers } = setupClient({ retries: 0, timeoutMs: 1_000 });
    service.on("GET /api/gameslist", () => new Promise<Response>(() => {}));
    const { result, elapsedMs } = await settleWithTime(timers, client.gamesList(), 500);
    expect(result.ok ? null : result.error.code).toBe("timeout");
    expect(elapsedMs).toBe(1_000);
  });

  it("gives /api/pay 75 s, more than the service's 60 s wait, and order_update is not retried", async () => {
    const { service, client, timers } = setupClient();
    service.on("POST /api/pay", hang);
    service.on("POST /api/order_update", hang);
    const pay = await settleWithTime(timers, client.pay({ voucher_id: 501 }), 1_000);
    expect(pay.elapsedMs).toBe(75_000);
    expect(pay.result.ok ? null : pay.result.error.code).toBe("timeout");
    const update = await settleWithTime(timers, client.orderUpdate({ order_id: "1", status: 2 }), 1_000);
    expect(update.elapsedMs).toBe(75_000);
    expect(update.result.ok ? null : update.result.error.code).toBe("timeout");
    expect(service.callsTo("POST /api/pay")).toHaveLength(1);
    expect(service.callsTo("POST /api/order_update")).toHaveLength(1);
    expect(timers.sleeps).toEqual([]);
  });

  it("returns aborted when the caller's signal fires, without retrying", async () => {
    const { service, client } = setupClient();
    service.on("GET /api/balance", hang);
    const controller = new AbortController();
    const pending = client.balance({ signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    const result = await pending;
    expect(result.ok ? null : result.error.code).toBe("aborted");
    expect(service.callsTo("GET /api/balance")).toHaveLength(1);
  });
});

describe("retries", () => {
  it("retries a GET on timeouts and transient statuses with jittered backoff", async () => {
    const { service, client, timers } = setupClient({ retries: 4, random: () => 0.5 });
    service.on(
      "GET /api/balance",
      hang,
      () => json(500, { success: false, error: 500, error_text: "oops" }),
      () => new Response("bad gateway", { status: 502 }),
      () => new Response("", { status: 504 }),
      () => json(200, balanceBody),
    );
    const { result } = await settleWithTime(timers, client.balance(), 15_000);
    expect(result).toEqual({ ok: true, value: balanceBody });
    expect(service.callsTo("GET /api/balance")).toHaveLength(5);
    // full jitter with random() = 0.5: half of 500·2^attempt
    expect(timers.sleeps).toEqual([250, 500, 1_000, 2_000]);
  });

  it("retries a network error on a GET, and gives up after `retries` extra attempts", async () => {
    const { service, client } = setupClient({ retries: 2 });
    service.on("GET /api/get_order_info", () => Promise.reject(new TypeError("fetch failed")));
    const result = await client.orderInfo("1");
    expect(result.ok ? null : [result.error.code, result.error.text]).toEqual(["network", "network error: fetch failed"]);
    expect(service.callsTo("GET /api/get_order_info")).toHaveLength(3);
  });

  it("does not retry business errors", async () => {
    const { service, client } = setupClient();
    service.on("GET /api/voucher_available", () => json(403, { success: false, error: 403, error_text: "no access" }));
    const result = await client.voucherAvailable(1);
    expect(result.ok ? null : result.error.code).toBe(403);
    expect(service.callsTo("GET /api/voucher_available")).toHaveLength(1);
  });

  it("never retries /api/pay without an ext_order_id", async () => {
    const { service, client, timers } = setupClient();
    service.on("POST /api/pay", busy, () => json(200, voucherOrderBody));
    const result = await client.pay({ voucher_id: 501 });
    expect(result.ok ? null : result.error.code).toBe(503);
    expect(service.callsTo("POST /api/pay")).toHaveLength(1);
    expect(timers.sleeps).toEqual([]);
  });

  it("retries /api/pay carrying an ext_order_id (duplicate protection makes it safe)", async () => {
    const { service, client } = setupClient();
    service.on("POST /api/pay", () => Promise.reject(new TypeError("socket hang up")), busy, () => json(200, voucherOrderBody));
    const result = await client.pay({ voucher_id: 501, ext_order_id: "ext1" });
    expect(result).toEqual({ ok: true, value: voucherOrderBody });
    const bodies = service.callsTo("POST /api/pay").map((c) => c.body);
    expect(bodies).toEqual([1, 2, 3].map(() => ({ voucher_id: 501, ext_order_id: "ext1" })));
  });

  it("never retries /api/order_update or /api/revise", async () => {
    const { service, client } = setupClient();
    service.on("POST /api/order_update", busy, () => json(200, orderUpdateBody));
    service.on("POST /api/revise", () => json(500, { success: false, error: 500, error_text: "oops" }));
    expect((await client.orderUpdate({ order_id: "1", status: 3 })).ok).toBe(false);
    expect((await client.revise({ date_from: "2026-01-01", date_to: "2026-01-01", payments: [] })).ok).toBe(false);
    expect(service.callsTo("POST /api/order_update")).toHaveLength(1);
    expect(service.callsTo("POST /api/revise")).toHaveLength(1);
  });

  it("retries the login itself on transient failures", async () => {
    const { service, client } = setupClient();
    service.on(
      "POST /api/auth/login",
      busy,
      () => json(200, { token: "late", expires_in: 3600, expires_at: "2099-01-01 00:00:00" }),
    );
    service.on("GET /api/balance", () => json(200, balanceBody));
    expect((await client.balance()).ok).toBe(true);
    expect(service.logins).toBe(2);
  });

  it("waits what Retry-After asks on 429 and 503, in seconds or as a date", async () => {
    const { service, client, timers } = setupClient();
    const at = new Date(timers.now() + 3_000 + 7_000).toUTCString();
    service.on(
      "GET /api/gameslist",
      () => json(429, { success: false, error: 429, error_text: "slow down" }, { "Retry-After": "3" }),
      () => json(503, { success: false, error: 503, error_text: "busy" }, { "Retry-After": at }),
      () => json(200, { available_games: [] }),
    );
    const result = await client.gamesList();
    expect(result).toEqual({ ok: true, value: { available_games: [] } });
    expect(timers.sleeps).toEqual([3_000, 7_000]);
  });

  it("hands back a 429 whose Retry-After is too long, with the delay", async () => {
    const { service, client, timers } = setupClient();
    service.on("GET /api/balance", () => json(429, { success: false, error: 429, error_text: "later" }, { "Retry-After": "600" }));
    const result = await client.balance();
    expect(result.ok ? null : [result.error.code, result.error.retryAfterMs]).toEqual([429, 600_000]);
    expect(timers.sleeps).toEqual([]);
    expect(service.callsTo("GET /api/balance")).toHaveLength(1);
  });
});
