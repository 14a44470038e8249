import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createKv } from "@/lib/kv/get-kv";
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import { acquireLock } from "@/lib/kv/lock";
import { err, ok, type Result } from "@/lib/result";
import { readThrough, type SwrOptions } from "./stale-while-revalidate";

const TTL_MS = 60_000;

describe("readThrough", () => {
  let dir: string;
  let kv: Kv;
  let now: number;
  let loads: number;
  let options: SwrOptions<string[]>;

  /** A load that answers when `release` is called, like a slow upstream. */
  function slowLoad(answer: Result<string[], string>) {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    return {
      release: () => release(),
      load: async () => {
        loads += 1;
        await gate;
        return answer;
      },
    };
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "swr-"));
    kv = await createKv({ driver: "embedded", dir });
    now = Date.UTC(2026, 10, 23, 12);
    loads = 0;
    options = {
      kv,
      key: "list",
      schema: z.array(z.string()),
      ttlMs: TTL_MS,
      clock: { now: () => now },
      lockTtlMs: 60_000,
      load: async () => (loads++, ok(["a", "b"])),
      // Waiting moves the injected clock, so a "10 s" wait takes milliseconds.
      sleep: async (ms) => {
        now += ms;
        await new Promise((resolve) => setTimeout(resolve, 1));
      },
    };
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("decodes a stored copy once: the same text again is served decoded, frozen; new text is decoded", async () => {
    let checks = 0;
    options.schema = z.array(z.string().refine(() => (checks++, true)));
    await kv.set("list", JSON.stringify({ value: ["a", "b"], fetchedAt: now, refreshAfter: now + TTL_MS }));
    const first = await readThrough(options);
    const second = await readThrough(options);
    expect(checks).toBe(2);
    expect(first.ok && second.ok && first.value.value === second.value.value).toBe(true);
    expect(() => (second.ok ? second.value.value.push("c") : undefined)).toThrow(TypeError);
    await kv.set("list", JSON.stringify({ value: ["c"], fetchedAt: now, refreshAfter: now + TTL_MS }));
    expect(await readThrough(options)).toMatchObject({ ok: true, value: { value: ["c"] } });
    expect(checks).toBe(3);
  });

  it("cold cache, slow upstream: one load, and every waiter gets its answer", async () => {
    const upstream = slowLoad(ok(["fresh"]));
    options.load = upstream.load;
    // Here only the test moves the clock: ten waiters that each moved it per poll would pass
    // their deadline in however many polls a fast machine fits into the real wait below.
    options.sleep = () => new Promise((resolve) => setTimeout(resolve, 1));
    const first = readThrough(options);
    await vi.waitFor(() => expect(loads).toBe(1));
    // The waiters keep waiting past the old 5 s without asking upstream themselves.
    const waiters = Array.from({ length: 10 }, () => readThrough({ ...options, waitForFirstMs: 60_000 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    now += 8_000;
    upstream.release();
    const answers = await Promise.all([first, ...waiters]);
    expect(loads).toBe(1);
    expect(answers.every((a) => a.ok && a.value.value[0] === "fresh")).toBe(true);
  });

  it("a waiter whose lock holder never answers gets catalog_unavailable, not its own upstream call", async () => {
    const held = await acquireLock(kv, "list:refresh-lock", 600_000);
    expect(held).not.toBeNull();
    const answer = await readThrough({ ...options, waitForFirstMs: 5_000 });
    expect(answer).toEqual(err({ code: "catalog_unavailable", reason: expect.stringContaining("did not finish in time") }));
    expect(loads).toBe(0);
  });

  it("when the first load fails, its waiters hear so at once and do not retry upstream", async () => {
    const upstream = slowLoad(err("503 service temporarily unavailable"));
    options.load = upstream.load;
    const first = readThrough(options);
    await vi.waitFor(() => expect(loads).toBe(1));
    const waiters = Array.from({ length: 5 }, () => readThrough({ ...options, waitForFirstMs: 600_000 }));
    upstream.release();
    const answers = await Promise.all([first, ...waiters]);
    expect(loads).toBe(1);
    for (const answer of answers) expect(answer).toMatchObject({ ok: false, error: { code: "catalog_unavailable" } });
  });

  it("the lock holder skips its load when a fresher copy landed between its read and its lock", async () => {
    await readThrough(options);
    now += TTL_MS + 1;
    // Another instance refreshes right after our read saw the expired copy.
    const stale = { ...options };
    let raced = false;
    const realGet = kv.get.bind(kv);
    stale.kv = {
      ...kv,
      get: async (key) => {
        const value = await realGet(key);
        if (!raced && key === "list") {
          raced = true;
          await kv.set("list", JSON.stringify({ value: ["newer"], fetchedAt: now, refreshAfter: now + TTL_MS }));
        }
        return value;
      },
    };
    loads = 0;
    const answer = await readThrough(stale);
    expect(loads).toBe(0);
    expect(answer).toMatchObject({ ok: true, value: { value: ["newer"] } });
  });

  it("never overwrites a copy stored by a later lock holder", async () => {
    await readThrough(options);
    now += TTL_MS + 1;
    const upstream = slowLoad(ok(["older"]));
    const first = readThrough({ ...options, load: upstream.load });
    await vi.waitFor(() => expect(loads).toBe(2));
    // Our lock "expired" mid-load and someone else stored a newer copy.
    await kv.set("list", JSON.stringify({ value: ["newer"], fetchedAt: now + 1, refreshAfter: now + TTL_MS }));
    upstream.release();
    await first;
    expect(JSON.parse((await kv.get("list")) ?? "null")).toMatchObject({ value: ["newer"] });
  });

  it("treats a corrupt entry as a miss, logs it, and replaces it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await kv.set("list", JSON.stringify({ value: [1, 2], fetchedAt: now, refreshAfter: now + TTL_MS }));
    expect(await readThrough(options)).toMatchObject({ ok: true, value: { value: ["a", "b"] } });
    await kv.set("list", "{not json");
    expect(await readThrough(options)).toMatchObject({ ok: true, value: { value: ["a", "b"] } });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("corrupt cache entry at list"));
    expect(JSON.parse((await kv.get("list")) ?? "null")).toMatchObject({ value: ["a", "b"] });
  });

  it("serves from upstream when KV fails, instead of failing the page", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const down = new KvError("unavailable", "connection refused");
    const broken: Kv = {
      ...kv,
      get: () => Promise.reject(down),
      set: () => Promise.reject(down),
      setIfAbsent: () => Promise.reject(down),
      run: () => Promise.reject(down),
    };
    expect(await readThrough({ ...options, kv: broken })).toMatchObject({ ok: true, value: { value: ["a", "b"], stale: false } });
    expect(loads).toBe(1);
  });

  it("serves the last copy when KV writes fail during a refresh", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await readThrough(options);
    now += TTL_MS + 1;
    const failing: Kv = { ...kv, run: () => Promise.reject(new KvError("reply_lost", "lost")) };
    expect(await readThrough({ ...options, kv: failing, load: async () => err("503") })).toMatchObject({
      ok: true,
      value: { value: ["a", "b"], stale: true },
    });
  });
});
