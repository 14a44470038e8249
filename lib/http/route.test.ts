import { afterEach, describe, expect, it, vi } from "vitest";
import { route, routeNeedsOf, type RateLimitNeed } from "./route";

const URL = "https://shop.test/api/thing";
const ok = async () => new Response("ok");
const post = (headers: Record<string, string> = {}) => new Request(URL, { method: "POST", headers });

/** A limit of `limit` requests in all, whoever sends them. */
function counter(limit: number, askedBy: RateLimitNeed["askedBy"]) {
  let seen = 0;
  return { askedBy, count: async () => (++seen > limit ? { retryAfterSeconds: 40 } : null) } satisfies RateLimitNeed;
}

afterEach(() => vi.restoreAllMocks());

describe("route", () => {
  it("turns any throw into the envelope: the error's own answer, else `internal` with nothing leaked", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const answerable = Object.assign(new Error("catalogue down"), { answer: { error: "catalog_unavailable", message: "later" } });
    const outage = await route({}, async () => Promise.reject(answerable))(new Request(URL));
    expect(outage.status).toBe(503);
    expect(await outage.json()).toEqual({ error: "catalog_unavailable", message: "later" });
    const crash = await route({}, async () => Promise.reject(new Error("secret detail")))(new Request(URL));
    expect(crash.status).toBe(500);
    expect(JSON.stringify(await crash.json())).not.toContain("secret detail");
  });

  it("refuses another site's POST with 403 before the handler, and leaves reads and programs alone", async () => {
    const handler = vi.fn(ok);
    const guarded = route({ sameOrigin: () => ["https://shop.test"] }, handler);
    const forged = await guarded(post({ origin: "https://evil.test" }));
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: "forbidden" });
    expect(handler).not.toHaveBeenCalled();
    expect((await guarded(post({ origin: "https://shop.test" }))).status).toBe(200);
    expect((await guarded(post())).status).toBe(200);
    expect((await guarded(new Request(URL, { headers: { "sec-fetch-site": "cross-site" } }))).status).toBe(200);
  });

  it("opens a cron route only to its secret, and keeps it closed without one", async () => {
    const bearing = (token?: string) => new Request(URL, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const cron = route({ cronSecret: () => "s3cret" }, ok);
    expect((await cron(bearing())).status).toBe(401);
    expect((await cron(bearing("wrong"))).status).toBe(401);
    expect((await cron(bearing("s3cret"))).status).toBe(200);
    const closed = await route({ cronSecret: () => undefined }, ok)(bearing("anything"));
    expect(closed.status).toBe(403);
    expect(await closed.json()).toMatchObject({ message: "CRON_SECRET is not set: /api/thing is closed" });
  });

  it("answers 429 with Retry-After over the limit, before the handler runs", async () => {
    const handler = vi.fn(ok);
    const limited = route({ rateLimit: counter(1, "arrival") }, handler);
    expect((await limited(new Request(URL))).status).toBe(200);
    const refused = await limited(new Request(URL));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("40");
    expect(await refused.json()).toEqual({ error: "rate_limited", message: "Too many requests; try again in 40 s.", retryAfterSeconds: 40 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("lets the handler ask the limit itself, and answers 429 for whatever a client over it sent", async () => {
    const asked: boolean[] = [];
    const limited = route({ sameOrigin: () => ["https://shop.test"], rateLimit: counter(1, "handler") }, async (_request, _context, gate) => {
      asked.push(await gate.admitted());
      return new Response("created", { status: 201 });
    });
    expect((await limited(post())).status).toBe(201);
    expect((await limited(post())).status).toBe(429);
    expect(asked).toEqual([true, false]);
    expect((await limited(post({ origin: "https://evil.test" }))).status).toBe(429);
  });

  it("lets a request through when its counter fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const broken = route({ rateLimit: { count: () => Promise.reject(new Error("connection refused")) } }, ok);
    expect((await broken(new Request(URL))).status).toBe(200);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("counter unavailable"), expect.any(Error));
  });

  it("marks what it built with its needs, keeping a guard's own marks", () => {
    const GUARD = Symbol("guard");
    const built = route({ cronSecret: () => "x" }, Object.assign(ok, { [GUARD]: { role: "staff" } }));
    expect(routeNeedsOf(built)).toMatchObject({ cronSecret: expect.any(Function) });
    expect((built as unknown as Record<symbol, unknown>)[GUARD]).toEqual({ role: "staff" });
    expect(routeNeedsOf(ok)).toBeUndefined();
  });
});
