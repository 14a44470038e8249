// The KV-backed Next cache on every driver: two stores on one KV stand for two instances of the
// shop, so what one writes or invalidates is what the other reads.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { createEntryMemo } from "@/lib/next-cache/entry-memo";
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
    expect(read).toEqual({ lastModified: time, value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
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

  it("with an entry memo, serves another instance's rewrite and invalidation at once", async () => {
    fresh();
    const memo = createEntryMemo({ maxEntries: 10, maxBytes: 1_000_000 });
    const a = createNextCacheStore({ kv, buildId: "build-1", upstream: "upstream-a", now });
    const b = createNextCacheStore({ kv, buildId: "build-1", upstream: "upstream-a", now, decode: memo.decode });
    await a.set("/en", { value: PAGE, tags: PAGE_TAGS, cacheControl: CONTROL });
    const first = await b.get("/en", []);
    expect(await b.get("/en", [])).toEqual(first);
    expect(memo.size().entries).toBe(1);
    time += 10;
    const renamed = { ...PAGE, html: "<h1>Diamonds, renamed</h1>" };
    await a.set("/en", { value: renamed, tags: PAGE_TAGS, cacheControl: CONTROL });
    expect(await b.get("/en", [])).toEqual({ lastModified: time, value: renamed, tags: PAGE_TAGS, cacheControl: CONTROL });
    time += 10;
    await a.invalidate(["catalog"]);
    expect(await b.get("/en", [])).toBeNull();
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

describe("entry lifetime", () => {
  it("is the entry's expire time, at most ENTRY_MAX_MS, and nothing for expire 0", () => {
    expect(entryTtlMs(600)).toBe(600_000);
    expect(entryTtlMs(31_536_000)).toBe(ENTRY_MAX_MS);
    expect(entryTtlMs(undefined)).toBe(ENTRY_MAX_MS);
    expect(entryTtlMs(0)).toBe(0);
  });
});
