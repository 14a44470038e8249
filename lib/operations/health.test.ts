import { describe, expect, it } from "vitest";
import { createMemoryKv } from "@/tests/support/memory-kv";
import type { AlertsPort } from "./alerts-port";
import { observeFetch, observeStripe, type StripeResponseEvent } from "./call-observers";
import { bucketOf, percentile, readHealth, recordCall, type CallSample } from "./health";
import { reviewHealth } from "./health-alerts";

const clockAt = (ms: number) => ({ now: () => ms });
const T = Date.UTC(2026, 2, 10, 12);

describe("health per minute", () => {
  it("reports calls, error rate, p95 and the last error over the last hour only", async () => {
    const kv = createMemoryKv({ now: () => T });
    for (let i = 0; i < 19; i += 1) await recordCall(kv, clockAt(T - i * 60_000), "upstream", { ms: 80, failed: false });
    await recordCall(kv, clockAt(T - 5 * 60_000), "upstream", { ms: 3000, failed: true, error: "/api/pay: HTTP 503" });
    // Older than the hour: not counted.
    await recordCall(kv, clockAt(T - 61 * 60_000), "upstream", { ms: 20_000, failed: true, error: "old" });

    const report = await readHealth(kv, clockAt(T), "upstream");
    expect(report).toMatchObject({ calls: 20, errors: 1, errorRate: 0.05, p95Ms: 100 });
    expect(report.lastError).toEqual({ at: T - 61 * 60_000, message: "old" });
    expect(await readHealth(kv, clockAt(T), "payments")).toMatchObject({ calls: 0, errorRate: null, p95Ms: null, lastError: null });
  });

  it("takes p95 from the histogram's buckets", () => {
    expect(bucketOf(50)).toBe(0);
    expect(bucketOf(51)).toBe(1);
    expect(bucketOf(1e9)).toBe(10);
    const histogram = [90, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10];
    expect(percentile(histogram, 0.9)).toBe(50);
    expect(percentile(histogram, 0.95)).toBe("slower");
    expect(percentile([], 0.95)).toBeNull();
  });
});

describe("call observers", () => {
  it("pass the answer and the error through unchanged, timing each", async () => {
    const samples: CallSample[] = [];
    let now = 0;
    const answer = new Response("{}", { status: 503 });
    const fetched = observeFetch(async () => ((now += 120), answer), (s) => samples.push(s), () => now);
    expect(await fetched("http://up.test/api/balance?account=secret")).toBe(answer);
    const boom = new TypeError("fetch failed");
    const failing = observeFetch(async () => Promise.reject(boom), (s) => samples.push(s), () => now);
    await expect(failing(new URL("http://up.test/api/pay"))).rejects.toBe(boom);
    expect(samples).toEqual([
      { ms: 120, failed: true, error: "/api/balance: HTTP 503" },
      { ms: 0, failed: true, error: "/api/pay: TypeError" },
    ]);
  });

  it("count a product's \"temporarily unavailable\" answer as an answer, not as upstream failing", async () => {
    const samples: CallSample[] = [];
    const answering = (body: string, status = 503) => observeFetch(async () => new Response(body, { status }), (s) => samples.push(s), () => 0);
    const service = (code: number, text: string) => JSON.stringify({ success: false, error: code, error_text: text });
    await answering(service(503, "service 12 is temporarily unavailable"))("http://up.test/api/pay");
    await answering(service(103, "service temporarily unavailable"))("http://up.test/api/voucher/available");
    const passed = await answering(service(503, "the supplier of service 12 is temporarily unavailable"))("http://up.test/api/pay");
    // The caller still reads the whole answer.
    expect(await passed.json()).toMatchObject({ error: 503 });
    // A gateway's 503, a 502, a 500 of the service and a rate limit are upstream failing.
    await answering("Service Unavailable")("http://up.test/api/pay");
    await answering("<html>bad gateway</html>", 502)("http://up.test/api/pay");
    await answering(service(500, "internal error"), 500)("http://up.test/api/pay");
    await answering(service(429, "too many requests"), 429)("http://up.test/api/pay");
    expect(samples.map((s) => s.failed)).toEqual([false, false, false, true, true, true, true]);
  });

  it("read stripe's response events; a 4xx is not the provider failing", () => {
    const samples: CallSample[] = [];
    let listener: ((event: StripeResponseEvent) => void) | undefined;
    observeStripe({ on: (_event, l) => void (listener = l) }, (s) => samples.push(s));
    listener?.({ method: "POST", path: "/v1/checkout/sessions", status: 200, elapsed: 310 });
    listener?.({ method: "POST", path: "/v1/payment_intents/pi_1/capture", status: 402, elapsed: 90 });
    listener?.({ method: "GET", path: "/v1/checkout/sessions/cs_1", status: 500, elapsed: 40 });
    expect(samples.map((s) => s.failed)).toEqual([false, false, true]);
  });
});

describe("failing alerts", () => {
  const port = () => {
    const calls: string[] = [];
    const alerts: AlertsPort = { raise: async (i) => void calls.push(`raise ${i.cause}`), clear: async (c) => void calls.push(`clear ${c}`) };
    return { calls, alerts };
  };
  const report = (calls: number, errors: number) => ({ system: "payments" as const, calls, errors, errorRate: calls ? errors / calls : null, p95Ms: 100, lastError: null });

  it("raise above the error rate, clear when healthy, and decide nothing on a handful of calls", async () => {
    const { calls, alerts } = port();
    expect(await reviewHealth(alerts, report(5, 5))).toBe("undecided");
    expect(await reviewHealth(alerts, report(20, 5))).toBe("failing");
    expect(await reviewHealth(alerts, report(20, 1))).toBe("healthy");
    expect(calls).toEqual(["raise payments-failing", "clear payments-failing"]);
  });
});
