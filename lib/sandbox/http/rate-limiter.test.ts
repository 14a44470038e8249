import { describe, expect, it } from "vitest";
import { ManualTime } from "@/tests/support/sandbox/manual-time";
import { createRateLimiter } from "./rate-limiter";
import { createHarness, read, testFixture } from "@/tests/support/sandbox/http-test-support";

const { partners } = testFixture();
const unlimited = partners[0]!;
const limited = partners[1]!;

describe("createRateLimiter", () => {
  it("never limits a partner without rate_limit_per_minute", () => {
    const limiter = createRateLimiter(new ManualTime());
    for (let i = 0; i < 1000; i += 1) expect(limiter.take(unlimited)).toBeNull();
  });

  it("allows the limit per sliding minute and says when the next request fits", async () => {
    const time = new ManualTime();
    const limiter = createRateLimiter(time);
    expect(limiter.take(limited)).toBeNull();
    await time.advance(20_000);
    expect(limiter.take(limited)).toBeNull();
    expect(limiter.take(limited)).toBeNull();
    await time.advance(500);
    expect(limiter.take(limited)).toEqual({
      status: 429,
      body: { success: false, error: 429, error_text: "too many requests: at most 3 per minute" },
      headers: { "Retry-After": "40" },
    });
    await time.advance(39_400);
    expect(limiter.take(limited)?.headers).toEqual({ "Retry-After": "1" });
    await time.advance(100);
    expect(limiter.take(limited)).toBeNull();
    expect(limiter.take(limited)?.status).toBe(429);
  });

  it("does not count refused requests", async () => {
    const time = new ManualTime();
    const limiter = createRateLimiter(time);
    for (let i = 0; i < 3; i += 1) limiter.take(limited);
    for (let i = 0; i < 10; i += 1) expect(limiter.take(limited)?.status).toBe(429);
    await time.advance(60_000);
    expect(limiter.take(limited)).toBeNull();
  });
});

describe("429 through the handler", () => {
  it("limits per partner with Retry-After, after authentication and before parsing", async () => {
    const h = createHarness();
    const small = await h.login("small");
    const demo = await h.login("demo");
    for (let i = 0; i < 3; i += 1) expect((await h.call("GET", "/api/balance", { token: small })).status).toBe(200);
    const response = await h.call("POST", "/api/pay", { token: small, body: "not json" });
    expect(response.headers.get("retry-after")).toBe("60");
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await read(response)).toEqual({ status: 429, body: { success: false, error: 429, error_text: "too many requests: at most 3 per minute" } });
    expect((await h.call("GET", "/api/balance", { token: demo })).status).toBe(200);
    expect((await h.call("GET", "/api/balance")).status).toBe(401);
    await h.time.advance(60_000);
    expect((await h.call("GET", "/api/balance", { token: small })).status).toBe(200);
  });
});
