import { describe, expect, it } from "vitest";
import type { Result } from "@/lib/result";
import { hang, json } from "@/tests/support/partner-client/fake-service";
import { flush, type ManualTimers } from "@/tests/support/partner-client/manual-timers";
import { balanceBody, voucherOrderBody } from "@/tests/support/partner-client/sample-bodies";
import { setupClient } from "@/tests/support/partner-client/setup-client";
import type { PartnerError } from "./partner-error";

const busy = () => json(503, {});

async function settle<T>(timers: ManualTimers, call: Promise<Result<T, PartnerError>>, stepMs: number) {
  let settled: Result<T, PartnerError> | undefined;
  void call.then((r) => (settled = r));
  const start = timers.now();
  for (let i = 0; i < 1_000 && settled === undefined; i += 1) await timers.advance(stepMs);
  if (settled === undefined) throw new Error("call never settled");
  return { result: settled, elapsedMs: timers.now() - start };
}

describe("overall deadline", () => {
  it("cuts the retries of a GET at twice its attempt timeout by default", async () => {
    const { service, client, timers } = setupClient({ retries: 5, random: () => 0 });
    service.on("GET /api/balance", hang);
    const { result, elapsedMs } = await settle(timers, client.balance(), 1_000);
    expect(elapsedMs).toBe(30_000);
    expect(result.ok ? null : result.error.code).toBe("timeout");
    // 15 s, then what was left of 30 s: the third attempt never starts.
    expect(service.callsTo("GET /api/balance")).toHaveLength(2);
  });

  it("gives the last attempt only what is left of deadlineMs", async () => {
    const { service, client, timers } = setupClient({ retries: 5, timeoutMs: 10_000, deadlineMs: 12_000, random: () => 0.5 });
    service.on("GET /api/balance", busy, hang);
    const { result, elapsedMs } = await settle(timers, client.balance(), 250);
    // busy, wait 250, 10 s timeout, wait 500, then 1 250 ms instead of 10 s.
    expect(elapsedMs).toBe(12_000);
    expect(result.ok ? null : result.error.code).toBe("timeout");
    expect(service.callsTo("GET /api/balance")).toHaveLength(3);
    expect(timers.sleeps).toEqual([250, 500]);
  });

  it("does not start a wait that would end past the deadline", async () => {
    const { service, client, timers } = setupClient({ retries: 3, deadlineMs: 5_000 });
    service.on("GET /api/balance", () => json(429, { error: 429 }, { "retry-after": "10" }));
    const result = await client.balance();
    expect(result.ok ? null : result.error.code).toBe(429);
    expect(timers.sleeps).toEqual([]);
    expect(service.callsTo("GET /api/balance")).toHaveLength(1);
  });

  it("takes a per-call deadline over the client's", async () => {
    const { service, client, timers } = setupClient({ retries: 5 });
    service.on("POST /api/pay", hang);
    const { elapsedMs } = await settle(timers, client.pay({ voucher_id: 501, ext_order_id: "a1" }, { deadlineMs: 20_000 }), 1_000);
    expect(elapsedMs).toBe(20_000);
  });

  it("leaves a call that succeeds within the deadline alone", async () => {
    const { service, client, timers } = setupClient({ retries: 2 });
    service.on("GET /api/balance", busy, () => json(200, balanceBody));
    const { result } = await settle(timers, client.balance(), 100);
    expect(result).toEqual({ ok: true, value: balanceBody });
  });
});

describe("aborting", () => {
  it("stops a retry's backoff wait at once when the signal fires", async () => {
    const { service, client, timers } = setupClient({ retries: 3, random: () => 0.5 }, { timedSleep: true });
    service.on("GET /api/balance", busy);
    const controller = new AbortController();
    let settled: Result<unknown, PartnerError> | undefined;
    void client.balance({ signal: controller.signal }).then((r) => (settled = r));
    await flush();
    expect(timers.sleeps).toEqual([250]);
    expect(settled).toBeUndefined();
    controller.abort();
    await flush();
    expect(settled?.ok ? null : [settled?.error.code, settled?.error.mayHaveTakenEffect]).toEqual(["aborted", true]);
    expect(service.callsTo("GET /api/balance")).toHaveLength(1);
    expect(timers.pendingTimers).toBe(0);
  });

  it("does not send at all when the signal fired before the call", async () => {
    const { service, client } = setupClient();
    service.on("POST /api/pay", () => json(200, voucherOrderBody));
    const controller = new AbortController();
    controller.abort();
    await client.login();
    const result = await client.pay({ voucher_id: 501 }, { signal: controller.signal });
    expect(result.ok ? null : [result.error.code, result.error.mayHaveTakenEffect]).toEqual(["aborted", false]);
    expect(service.callsTo("POST /api/pay")).toHaveLength(0);
  });
});
