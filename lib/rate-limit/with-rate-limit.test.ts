import { afterEach, describe, expect, it, vi } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";
import { withRateLimit } from "./with-rate-limit";

// One proxy in front, as in a real deployment, so each X-Forwarded-For below is its own client.
vi.stubEnv("TRUSTED_PROXY_HOPS", "1");

let store: TempKv | undefined;

afterEach(async () => {
  await store?.remove();
  store = undefined;
});

function request(ip: string) {
  return new Request("http://shop.test/api/thing", { headers: { "x-forwarded-for": ip } });
}

describe("withRateLimit", () => {
  it("answers 429 with Retry-After and a JSON error once over the limit, without calling the handler", async () => {
    const clock = { now: () => Date.UTC(2026, 0, 15, 12, 0, 20) };
    store = openTempKv(clock.now);
    const kv = store.kv;
    const handler = vi.fn(async () => new Response("ok"));
    const limited = withRateLimit({ scope: "thing", setting: () => ({ limit: 2, windowMs: 60_000 }), kv: () => kv, clock }, handler);
    expect((await limited(request("10.0.0.1"))).status).toBe(200);
    expect((await limited(request("10.0.0.1"))).status).toBe(200);
    const refused = await limited(request("10.0.0.1"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("40");
    expect(await refused.json()).toEqual({ error: "rate_limited", message: "Too many requests; try again in 40 s.", retryAfterSeconds: 40 });
    expect(handler).toHaveBeenCalledTimes(2);
    expect((await limited(request("10.0.0.2"))).status).toBe(200);
  });

  it("lets requests through when the counter cannot be reached", async () => {
    const broken = { incr: () => Promise.reject(new Error("connection refused")) } as unknown as Kv;
    const handler = vi.fn(async () => new Response("ok"));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const limited = withRateLimit({ scope: "thing", setting: () => ({ limit: 1, windowMs: 1_000 }), kv: () => broken }, handler);
    expect((await limited(request("10.0.0.1"))).status).toBe(200);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("counter unavailable"), expect.any(Error));
    warn.mockRestore();
  });
});
