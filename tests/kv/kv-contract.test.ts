// One contract, three drivers: the same assertions against the embedded LMDB store, a real
// Redis, and the Upstash REST client (through tests/support/upstash-rest-shim.ts).
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { getJson, setJson } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { KV_SCRIPTS, compareAndSet } from "@/lib/kv/scripts";
import { putIndexed } from "@/tests/support/kv/put-indexed-script";
import { z } from "zod";
import { startDrivers } from "./drivers";
import { expectKvError, race, waitUntil, type KvTestContext } from "./helpers";
import { scriptCases } from "./script-cases";

const { drivers, stop } = await startDrivers();
afterAll(stop);

const TRICKY_VALUES = [
  "",
  "0",
  "123",
  "0123",
  "-1.50",
  "1e3",
  "true",
  "null",
  "OK",
  "T0s=", // valid base64 of "OK": the REST client must not decode a value twice
  '"quoted"',
  '{"a":1,"b":[true,null]}',
  "[1,2,3]",
  "  spaced  ",
  "line\nbreak\ttab",
  "héllo wörld, Привет, 日本語, 🎟️👩🏽‍💻",
  "x".repeat(20_000),
];

let testNumber = 0;

describe.each(drivers)("kv contract: $name", ({ name, skipReason, open }) => {
  if (skipReason) {
    it.skip(`${name}: ${skipReason}`, () => undefined);
    return;
  }

  let t: KvTestContext;
  let opened: Kv[] = [];
  beforeEach(() => {
    const prefix = `c${++testNumber}:`;
    const track = (kv: Kv) => (opened.push(kv), kv);
    t = {
      kv: track(open(prefix)),
      another: () => track(open(prefix)),
      withPrefix: (other) => track(open(`${prefix}${other}`)),
    };
  });
  afterEach(async () => {
    await Promise.all(opened.map((kv) => kv.close()));
    opened = [];
  });

  it("returns every value exactly as stored", async () => {
    const { kv } = t;
    expect(await kv.get("missing")).toBeNull();
    await Promise.all(TRICKY_VALUES.map((value, i) => kv.set(`v${i}`, value)));
    const read = await Promise.all(TRICKY_VALUES.map((_, i) => kv.get(`v${i}`)));
    expect(read).toEqual(TRICKY_VALUES);
    await kv.set("v0", "replaced");
    expect(await kv.get("v0")).toBe("replaced");
    await kv.set("héllo:🎟️", "unicode key");
    expect(await kv.get("héllo:🎟️")).toBe("unicode key");
  });

  it("stores JSON through getJson/setJson with a schema", async () => {
    const { kv } = t;
    const order = z.object({ id: z.string(), totalMinor: z.number().int(), note: z.string().nullable() });
    await setJson(kv, "order", { id: "o1", totalMinor: 1999, note: null });
    expect(await getJson(kv, "order", order)).toEqual({ id: "o1", totalMinor: 1999, note: null });
    expect(await getJson(kv, "none", order)).toBeNull();
    await kv.set("broken", "{not json");
    await expectKvError(getJson(kv, "broken", order), "invalid_value");
    await setJson(kv, "other", { id: 1 });
    await expectKvError(getJson(kv, "other", order), "invalid_value");
  });

  it("expires keys after their TTL, and only those", async () => {
    const { kv } = t;
    // Long enough for the writes and reads before the wait to finish first on a loaded machine,
    // where the Upstash stand-in's seven HTTP round trips once took more than 300 ms.
    const ttlMs = 1_500;
    await kv.set("plain", "v", { ttlMs });
    expect(await kv.setIfAbsent("lock", "a", { ttlMs })).toBe(true);
    expect(await kv.incr("counter", { ttlMs })).toBe(1);
    await kv.set("dropped", "v", { ttlMs });
    await kv.set("dropped", "v2"); // SET without a TTL clears the old one
    await kv.set("kept", "a", { ttlMs });
    const keptOp = { target: "kept", receipt: "kept:op:1" };
    expect(await kv.run(compareAndSet, { keys: keptOp, args: { expected: "a", value: "b", ttlMs: 0 } })).toEqual({ applied: true });
    await kv.run(putIndexed, { keys: { record: "rec", index: "idx" }, args: { value: "r", score: 1, member: "m", ttlMs } });

    expect(await kv.get("plain")).toBe("v");
    expect(await kv.setIfAbsent("lock", "b", { ttlMs })).toBe(false);
    expect(await kv.incr("counter", { ttlMs: 60_000 })).toBe(2); // the TTL is set on create only

    // "kept" expires because compare-and-set with ttlMs 0 keeps the deadline; "dropped",
    // written with a TTL before it, must outlive it.
    const expiring = ["plain", "counter", "kept", "rec"];
    await waitUntil(async () => (await Promise.all(expiring.map((key) => kv.get(key)))).every((v) => v === null), ttlMs + 5_000);
    expect(await kv.get("dropped")).toBe("v2");
    expect(await kv.zCard("idx")).toBe(1); // only the record had the TTL
    expect(await kv.setIfAbsent("lock", "b", { ttlMs })).toBe(true);
    expect(await kv.incr("counter")).toBe(1);
  });

  it("lets exactly one of 20 concurrent setIfAbsent callers win", async () => {
    const { kv, another } = t;
    const clients = [kv, another(), another(), another()];
    const wins = await race(clients, 20, (client, i) => client.setIfAbsent("lock", `token-${i}`, { ttlMs: 10_000 }));
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await kv.get("lock")).toBe(`token-${wins.indexOf(true)}`);
    expect(await kv.setIfAbsent("free", "x")).toBe(true);
  });

  it("increments atomically under concurrency", async () => {
    const { kv, another } = t;
    const clients = [kv, another(), another(), another()];
    const values = await race(clients, 50, (client) => client.incr("hits"));
    expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await kv.incr("hits", { by: -60 })).toBe(-10);
    expect(await kv.get("hits")).toBe("-10");
    await kv.set("typed", "41");
    expect(await kv.incr("typed")).toBe(42);
    for (const notInteger of ["abc", "1.5", " 1", ""]) {
      await kv.set("bad", notInteger);
      await expectKvError(kv.incr("bad"), "not_integer");
    }
  });

  it("deletes keys of either kind", async () => {
    const { kv } = t;
    await kv.set("s", "v");
    await kv.zAdd("z", 1, "m");
    expect(await kv.del("s")).toBe(true);
    expect(await kv.del("z")).toBe(true);
    expect(await kv.del("s")).toBe(false);
    expect(await kv.get("s")).toBeNull();
    expect(await kv.zCard("z")).toBe(0);
    expect(await kv.zAdd("z", 2, "m")).toBe(true); // a fresh set, not the old one
  });

  it("orders sorted sets by score, then member", async () => {
    const { kv } = t;
    const entries: [number, string][] = [[5, "e"], [-1.5, "neg"], [0, "zero"], [5, "b"], [1e15, "big"], [2.25, "frac"]];
    for (const [score, member] of entries) expect(await kv.zAdd("idx", score, member)).toBe(true);
    expect(await kv.zAdd("idx", 3, "frac")).toBe(false); // an update moves the member
    expect(await kv.zCard("idx")).toBe(6);
    const ascending = [
      { member: "neg", score: -1.5 },
      { member: "zero", score: 0 },
      { member: "frac", score: 3 },
      { member: "b", score: 5 },
      { member: "e", score: 5 },
      { member: "big", score: 1e15 },
    ];
    expect(await kv.zRangeByScore("idx")).toEqual(ascending);
    expect(await kv.zRangeByScore("idx", { min: 0, max: 5 })).toEqual(ascending.slice(1, 5));
    expect(await kv.zRangeByScore("idx", { min: 0, max: 5, offset: 1, limit: 2 })).toEqual(ascending.slice(2, 4));
    expect(await kv.zRangeByScore("idx", { offset: 4 })).toEqual(ascending.slice(4));
    expect(await kv.zRangeByScore("idx", { limit: 0 })).toEqual([]);
    expect(await kv.zRangeByScore("idx", { min: 6, max: 5 })).toEqual([]);
    expect(await kv.zRevRangeByRank("idx", { count: 3 })).toEqual(ascending.slice(3).reverse());
    expect(await kv.zRevRangeByRank("idx", { offset: 4, count: 10 })).toEqual(ascending.slice(0, 2).reverse());
    expect(await kv.zRevRangeByRank("idx", { count: 0 })).toEqual([]);
    expect(await kv.zRevRangeByRank("none", { count: 5 })).toEqual([]);

    expect(await kv.zRem("idx", "b")).toBe(true);
    expect(await kv.zRem("idx", "b")).toBe(false);
    expect(await kv.zCard("idx")).toBe(5);
    for (const { member } of ascending) await kv.zRem("idx", member);
    expect(await kv.zCard("idx")).toBe(0);
    expect(await kv.setIfAbsent("idx", "now a string")).toBe(true); // the empty set is gone
  });

  it("rejects operations on a key of the other kind", async () => {
    const { kv } = t;
    await kv.set("s", "v");
    await kv.zAdd("z", 1, "m");
    await expectKvError(kv.zAdd("s", 1, "m"), "wrong_type");
    await expectKvError(kv.zRangeByScore("s"), "wrong_type");
    await expectKvError(kv.zCard("s"), "wrong_type");
    await expectKvError(kv.get("z"), "wrong_type");
    await expectKvError(kv.incr("z"), "wrong_type");
    await kv.set("z", "overwritten"); // SET replaces any kind, as in Redis
    expect(await kv.get("z")).toBe("overwritten");
  });

  it("rejects bad arguments the same way everywhere", async () => {
    const { kv } = t;
    for (const ttlMs of [0, -5, 1.5, Number.NaN]) await expectKvError(kv.set("k", "v", { ttlMs }), "invalid_argument");
    await expectKvError(kv.setIfAbsent("k", "v", { ttlMs: 0 }), "invalid_argument");
    await expectKvError(kv.incr("k", { by: 0.5 }), "invalid_argument");
    await expectKvError(kv.zAdd("z", Number.POSITIVE_INFINITY, "m"), "invalid_argument");
    await expectKvError(kv.zRevRangeByRank("z", { count: -1 }), "invalid_argument");
    expect(await kv.get("k")).toBeNull();
  });

  it("keeps prefixes apart, scripts included", async () => {
    const { kv, withPrefix } = t;
    const shopA = withPrefix("a:");
    const shopB = withPrefix("b:");
    await shopA.set("k", "A");
    await shopB.set("k", "B");
    await shopA.run(putIndexed, { keys: { record: "o", index: "orders" }, args: { value: "A", score: 1, member: "o", ttlMs: 0 } });
    expect(await shopA.get("k")).toBe("A");
    expect(await shopB.get("k")).toBe("B");
    expect(await kv.get("k")).toBeNull();
    expect(await shopA.get("o")).toBe("A");
    expect(await shopB.get("o")).toBeNull();
    expect(await shopB.zCard("orders")).toBe(0);
    expect(await kv.get("a:o")).toBe("A"); // the prefix is a plain string in front of the key
  });

  it.each(KV_SCRIPTS.map((script) => [script.name]))("runs script %s atomically", async (scriptName) => {
    const scriptCase = scriptCases[scriptName];
    if (!scriptCase) throw new Error(`No contract case for script ${scriptName} in tests/kv/script-cases.ts`);
    await scriptCase(t);
  });
});
