import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createKv } from "./get-kv";
import type { Kv } from "./kv";
import { KvError } from "./kv-error";
import { acquireLock, withLock } from "./lock";

describe("KV lock", () => {
  let dir: string;
  let kv: Kv;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "kv-lock-"));
    kv = await createKv({ driver: "embedded", dir });
  });
  afterEach(async () => {
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("has one holder at a time, and only the holder's token releases it", async () => {
    const first = await acquireLock(kv, "lock", 60_000);
    expect(first).not.toBeNull();
    expect(await acquireLock(kv, "lock", 60_000)).toBeNull();
    // An expired holder's release must not free the lock of whoever took it next.
    await kv.set("lock", "someone-else", { ttlMs: 60_000 });
    expect(await first?.release()).toBe(false);
    expect(await kv.get("lock")).toBe("someone-else");
    await kv.del("lock");
    const second = await acquireLock(kv, "lock", 60_000);
    expect(await second?.release()).toBe(true);
    expect(await kv.get("lock")).toBeNull();
  });

  it("runs the task under the lock and frees it afterwards, even when the task throws", async () => {
    expect(await withLock(kv, "l", 60_000, async () => "done")).toEqual({ ran: true, value: "done" });
    await expect(withLock(kv, "l", 60_000, () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await kv.get("l")).toBeNull();
    const held = await acquireLock(kv, "l", 60_000);
    expect(await withLock(kv, "l", 60_000, async () => "never")).toEqual({ ran: false });
    await held?.release();
  });

  it("knows it holds the lock when the SET NX landed but its reply was lost", async () => {
    const lossy: Kv = {
      ...kv,
      async setIfAbsent(key, value, options) {
        await kv.setIfAbsent(key, value, options);
        throw new KvError("reply_lost", "connection lost");
      },
    };
    const lock = await acquireLock(lossy, "l", 60_000);
    expect(lock).not.toBeNull();
    expect(await kv.get("l")).toBe(lock?.token);
    // Someone else's lock with a lost reply is still someone else's.
    expect(await acquireLock(lossy, "l", 60_000)).toBeNull();
  });
});
