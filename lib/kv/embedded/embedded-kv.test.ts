import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { putIndexed } from "@/tests/support/kv/put-indexed-script";
import { createEmbeddedKv } from "./embedded-kv";
import { openStore, type LmdbStore } from "./open-store";

describe("embedded driver with an injected clock", () => {
  let dir: string;
  let time: number;
  const now = () => time;
  let raw: LmdbStore | undefined;

  beforeEach(async () => {
    // A dot in the folder name: lmdb would take such a path for a file name by default.
    dir = join(await mkdtemp(join(tmpdir(), "kv-unit-")), "shop.v2");
    time = 1_700_000_000_000;
  });
  afterEach(async () => {
    await raw?.env.close();
    raw = undefined;
    await rm(join(dir, ".."), { recursive: true, force: true });
  });

  it("keeps a key through its deadline and drops it the millisecond after", async () => {
    const kv = createEmbeddedKv({ dir, now });
    await kv.set("k", "v", { ttlMs: 1000 });
    time += 1000;
    expect(await kv.get("k")).toBe("v");
    time += 1;
    expect(await kv.get("k")).toBeNull();
    expect(await kv.setIfAbsent("k", "again")).toBe(true);
    await kv.close();
  });

  it("deletes an expired key when it is read, and keys nobody reads in a later write", async () => {
    const kv = createEmbeddedKv({ dir, now });
    await kv.set("read-later", "v", { ttlMs: 10 });
    await kv.set("never-read", "v", { ttlMs: 10 });
    await kv.run(putIndexed, { keys: { record: "rec", index: "idx" }, args: { value: "v", score: 1, member: "m", ttlMs: 10 } });
    time += 5_000;
    expect(await kv.get("read-later")).toBeNull();
    await kv.set("unrelated", "v"); // the sweep runs with writes, at most once a second
    await kv.incr("settle"); // the background purge of "read-later" has been queued before this
    raw = openStore(dir);
    expect(raw.keys.get("read-later")).toBeUndefined();
    expect(raw.keys.get("never-read")).toBeUndefined();
    expect(raw.keys.get("rec")).toBeUndefined();
    expect([...raw.expiry.getKeys({})]).toEqual([]);
    expect(await kv.zCard("idx")).toBe(1); // the index had no TTL
    await kv.close();
  });
});
