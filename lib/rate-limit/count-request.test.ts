import { afterEach, describe, expect, it } from "vitest";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";
import { countRequest } from "./count-request";

// One proxy in front, as in a real deployment, so each X-Forwarded-For below is its own client.
const ONE_PROXY = { kind: "proxy_hops", hops: 1 } as const;

let store: TempKv | undefined;

afterEach(async () => {
  await store?.remove();
  store = undefined;
});

const request = (ip: string) => new Request("http://shop.test/api/thing", { headers: { "x-forwarded-for": ip } });

describe("countRequest", () => {
  it("lets a client's first `limit` requests go on, then says how long to wait; each client apart", async () => {
    const clock = { now: () => Date.UTC(2026, 0, 15, 12, 0, 20) };
    store = openTempKv(clock.now);
    const kv = store.kv;
    const count = (ip: string) => countRequest({ scope: "thing", setting: { limit: 2, windowMs: 60_000 }, kv: () => kv, clock, trust: ONE_PROXY }, request(ip));
    expect(await count("10.0.0.1")).toBeNull();
    expect(await count("10.0.0.1")).toBeNull();
    expect(await count("10.0.0.1")).toEqual({ retryAfterSeconds: 40 });
    expect(await count("10.0.0.2")).toBeNull();
  });
});
