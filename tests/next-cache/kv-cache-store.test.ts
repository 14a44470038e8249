// The KV-backed Next cache on every driver: two stores on one KV stand for two instances of the
// shop, so what one writes or invalidates is what the other reads.
import { serialize } from "node:v8";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { createNextCacheStore, ENTRY_MAX_MS, entryTtlMs } from "@/lib/next-cache/kv-cache-store";
import { startDrivers } from "../kv/drivers";

const { drivers, stop } = await startDrivers();
afterAll(stop);

const PAGE = {
  kind: "APP_PAGE",
  html: "<h1>Diamonds</h1>",
  rscData: Buffer.from("rsc"),
  headers: { "x-next-cache-tags": "catalog,catalog-list" },
  status: 200,
  postponed: undefined,
  segmentData: new Map([["/_tree", Buffer.from("tree")]]),
};
const PAGE_TAGS = ["catalog", "catalog-list", "_N_T_/en/page"];
const CONTROL = { revalidate: 300, expire: 31_536_000 };

describe.each(drivers)("$name driver", ({ name, skipReason, open }) => {
  if (skipReason) {
    it.skip(`${name}: ${skipReason}`, () => undefined);
    return;
  }
  let kv: Kv;
  let time = 1_000 * ENTRY_MAX_MS + 5_000;
  const now = () => time;
  let run = 0;
  // Two instances of one build on one store, each with its own store object.
  const instances = (buildId = "build-1", upstream = "upstream-a") =>
    [createNextCacheStore({ kv, buildId, upstream, now }), createNextCacheStore({ kv, buildId, upstream, now })] as const;
  const fresh = () => {
    kv = open(`next-cache-${name}-${run++}:`);
  };
  afterEach(() => kv.close());

  it("serves on one instance the page another rendered, Buffers and Map intact", async () => {
    fresh();
    const [a, b] = instances();
    await a.set("/en", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    const read = await b.get("/en", []);
    expect(read).toEqual({ lastModified: time, stamp: expect.any(String), value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    expect(await b.get("/zh", [])).toBeNull();
  });

  it("makes an entry a miss on every instance once one invalidates a tag of it, and only entries older than that", async () => {
    fresh();
    const [a, b] = instances();
    await a.set("/en", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    await a.set("/orders", { value: PAGE, tags: ["orders"], cacheControl: CONTROL });
    time += 10;
    await a.invalidate(["catalog-list", "product:432"]);
    expect(await b.get("/en", [])).toBeNull();
    expect(await a.get("/en", [])).toBeNull();
    expect(await b.get("/orders", [])).not.toBeNull();
    time += 10;
    await b.set("/en", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    expect(await a.get("/en", [])).not.toBeNull();
  });

  it("counts a tag invalidated in the millisecond the entry was written as invalidated", async () => {
    fresh();
    const [a, b] = instances();
    await a.set("/en", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    await b.invalidate(["catalog"]);
    expect(await a.get("/en", [])).toBeNull();
  });

  it("checks the tags a data lookup names (its own and the page's soft tags) as well as the entry's", async () => {
    fresh();
    const [a, b] = instances();
    const data = { kind: "FETCH", data: { headers: {}, body: "{}", status: 200, url: "" }, revalidate: 300 };
    await a.set("catalog-snapshot", { value: data, tags: ["catalog"] });
    time += 10;
    await b.invalidate(["_N_T_/layout"]);
    expect(await a.get("catalog-snapshot", [])).not.toBeNull();
    expect(await a.get("catalog-snapshot", ["_N_T_/layout"])).toBeNull();
  });

  it("keeps entries per build and invalidations across builds", async () => {
    fresh();
    const [oldBuild] = instances("build-1");
    const [newBuild] = instances("build-2");
    await oldBuild.set("/en", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    expect(await newBuild.get("/en", [])).toBeNull();
    await newBuild.set("/en", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    time += 10;
    await oldBuild.invalidate(["catalog"]);
    expect(await newBuild.get("/en", [])).toBeNull();
  });

  it("keeps entries per upstream: a page at the same URL for another upstream is never served", async () => {
    fresh();
    const [ours] = instances("build-1", "upstream-a");
    const [theirs] = instances("build-1", "upstream-b");
    await theirs.set("/en/by-upstream/this", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    expect(await ours.get("/en/by-upstream/this", [])).toBeNull();
    expect(await theirs.get("/en/by-upstream/this", [])).not.toBeNull();
  });

  it("remembers invalidations only as long as an entry can live, across the change of period", async () => {
    fresh();
    const [a, b] = instances();
    time = 2_000 * ENTRY_MAX_MS - 1_000; // just before a period ends
    await a.set("/en", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    time += 500;
    await b.invalidate(["catalog"]);
    time += 1_000; // the next period: the entry's invalidation is in the previous set
    expect(await a.get("/en", [])).toBeNull();
    await a.set("/zh", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    time += ENTRY_MAX_MS; // two periods on: the first set is deleted whole
    await b.invalidate(["other"]);
    expect(await kv.zCard(`next-cache:tag-times:${2_000 - 1}`)).toBe(0);
    expect(await kv.zCard(`next-cache:tag-times:${2_001}`)).toBe(1);
    // /zh is past ENTRY_MAX_MS (its KV TTL ran on the real clock): a miss however its tags stand.
    expect(await a.get("/zh", [])).toBeNull();
  });

  it("answers a view whose stamp still matches from memory, as objects of its own, with as many KV commands as a read of the entry", async () => {
    fresh();
    const [a, b] = instances();
    await a.set("/en", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    const counted = countingKv(kv);
    const reader = createNextCacheStore({ kv: counted.kv, buildId: "build-1", upstream: "upstream-a", now });
    const first = await reader.get("/en", []);
    const firstCommands = counted.take();
    expect(firstCommands.filter((c) => c.startsWith("get "))).toEqual([expect.stringContaining(":entry:/en")]);
    const second = await reader.get("/en", []);
    expect(second).toEqual(first);
    // Not the same objects: what one view does with its value cannot reach the next.
    expect(second).not.toBe(first);
    expect(second?.value).not.toBe(first?.value);
    const secondCommands = counted.take();
    expect(secondCommands.filter((c) => c.startsWith("get "))).toEqual([expect.stringContaining(":stamp:/en")]);
    expect(secondCommands.length).toBe(firstCommands.length);
    // The tag times are still read on every view.
    expect(secondCommands.some((c) => c.startsWith("zRangeByScore "))).toBe(true);
    expect(await b.get("/en", [])).toEqual(first);
  });

  it("reads an entry anew once another instance wrote it again, and a miss once another invalidated it", async () => {
    fresh();
    const [a, b] = instances();
    await a.set("/en", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    expect((await b.get("/en", []))?.value).toEqual(PAGE);
    time += 10;
    const renamed = { ...PAGE, html: "<h1>Crystals</h1>" };
    await a.set("/en", { value: renamed, tags: PAGE_TAGS, cacheControl: CONTROL });
    expect((await b.get("/en", []))?.value).toEqual(renamed);
    expect((await b.get("/en", []))?.lastModified).toBe(time);
    time += 10;
    await a.invalidate(["catalog"]);
    expect(await b.get("/en", [])).toBeNull();
    expect(await b.get("/en", [])).toBeNull();
  });

  it("settles on the stamp in KV when two instances' writes crossed", async () => {
    fresh();
    let n = 0;
    const [a] = instances();
    const b = createNextCacheStore({ kv, buildId: "build-1", upstream: "upstream-a", now, newStamp: () => `b-${n++}` });
    await a.set("/en", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    // A's entry with B's stamp beside it: what a write of B between A's two writes leaves.
    await kv.set("next-cache:build-1:upstream-a:stamp:/en", "b-other");
    const counted = countingKv(kv);
    const reader = createNextCacheStore({ kv: counted.kv, buildId: "build-1", upstream: "upstream-a", now });
    const gets = async () => (await reader.get("/en", []), counted.take().filter((c) => c.startsWith("get ")).length);
    expect(await gets()).toBe(1);
    expect(await gets()).toBe(2);
    expect(await gets()).toBe(1);
    expect(await gets()).toBe(1);
    await b.set("/en", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    expect(await gets()).toBe(2);
    expect(await gets()).toBe(1);
  });

  it("keeps no more decoded entries than its memory bound", async () => {
    fresh();
    const [a] = instances();
    await a.set("/en", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    await a.set("/zh", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    const counted = countingKv(kv);
    const entryReads = () => counted.take().filter((c) => c.startsWith("get ") && c.includes(":entry:")).length;
    const none = createNextCacheStore({ kv: counted.kv, buildId: "build-1", upstream: "upstream-a", now, memoMaxBytes: 0 });
    await none.get("/en", []);
    await none.get("/en", []);
    expect(entryReads()).toBe(2);
    // Room for about one entry: reading the other pushes the first out.
    const one = await a.get("/en", []);
    const oneBytes = serialize(one).byteLength;
    const small = createNextCacheStore({ kv: counted.kv, buildId: "build-1", upstream: "upstream-a", now, memoMaxBytes: oneBytes + 100 });
    await small.get("/en", []);
    await small.get("/en", []);
    expect(entryReads()).toBe(1);
    await small.get("/zh", []);
    await small.get("/en", []);
    expect(entryReads()).toBe(2);
  });

  it("reads an unreadable entry as a miss", async () => {
    fresh();
    const [a] = instances();
    await kv.set("next-cache:build-1:entry:/en", "garbage");
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      expect(await a.get("/en", [])).toBeNull();
    } finally {
      console.warn = warn;
    }
  });
});

/** The KV with every command it is asked, as "name key", for counting what a view costs. */
function countingKv(inner: Kv): { kv: Kv; take: () => string[] } {
  let commands: string[] = [];
  const kv = new Proxy(inner, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        commands.push(`${String(name)} ${String(args[0])}`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    kv,
    take: () => {
      const taken = commands;
      commands = [];
      return taken;
    },
  };
}

describe("entry lifetime", () => {
  it("is the entry's expire time, at most ENTRY_MAX_MS, and nothing for expire 0", () => {
    expect(entryTtlMs(600)).toBe(600_000);
    expect(entryTtlMs(31_536_000)).toBe(ENTRY_MAX_MS);
    expect(entryTtlMs(undefined)).toBe(ENTRY_MAX_MS);
    expect(entryTtlMs(0)).toBe(0);
  });
});
