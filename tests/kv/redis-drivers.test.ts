// What only the Redis-speaking drivers do: EVALSHA with the script text as defined, falling
// back to EVAL after the server forgot it, and failures reported as KvError.
import { createServer, type AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { createIoredisKv } from "@/lib/kv/redis/ioredis-kv";
import { createUpstashKv } from "@/lib/kv/redis/upstash-kv";
import { KV_SCRIPTS, releaseLock } from "@/lib/kv/scripts";
import { startDrivers } from "./drivers";
import { expectKvError } from "./helpers";

const { drivers, redisUrl, shim, stop } = await startDrivers();
afterAll(stop);

const redisDrivers = drivers.filter((driver) => driver.name === "redis" || driver.name === "upstash");

describe.each(redisDrivers)("$name driver", ({ name, skipReason, open }) => {
  if (skipReason || !redisUrl) {
    it.skip(`${name}: ${skipReason}`, () => undefined);
    return;
  }
  const admin = new Redis(redisUrl);
  let kv: Kv;
  afterEach(() => kv.close());
  afterAll(() => admin.quit());

  it("loads each script under the SHA-1 of its defined text, again after SCRIPT FLUSH", async () => {
    kv = open(`scripts-${name}:`);
    await admin.script("FLUSH");
    expect(await kv.run(releaseLock, { keys: { lock: "l" }, args: { token: "t" } })).toBe(false);
    expect(await admin.script("EXISTS", releaseLock.sha1)).toEqual([1]);
    await admin.script("FLUSH");
    expect(await kv.run(releaseLock, { keys: { lock: "l" }, args: { token: "t" } })).toBe(false);
    expect(await admin.script("EXISTS", releaseLock.sha1)).toEqual([1]);
  });

  it("sends scripts that the server compiles", async () => {
    kv = open(`compile-${name}:`);
    const shas = await Promise.all(KV_SCRIPTS.map((script) => admin.script("LOAD", script.source)));
    expect(shas).toEqual(KV_SCRIPTS.map((script) => script.sha1));
  });
});

describe("failures", () => {
  it("reports an unreachable Redis as unavailable", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const kv = createIoredisKv({ url: "redis://127.0.0.1:1" });
    try {
      await expectKvError(kv.get("k"), "unavailable");
    } finally {
      await kv.close();
      quiet.mockRestore();
    }
  });

  it("reports an unreachable REST endpoint as unavailable (not reply_lost: nothing was sent)", async () => {
    // A port nobody listens on (fetch refuses well-known ones like 1 outright, before connecting).
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const kv = createUpstashKv({ url: `http://127.0.0.1:${port}`, token: "t" });
    await expectKvError(kv.setIfAbsent("k", "v"), "unavailable");
  });

  it.skipIf(!shim)("reports a rejected REST token as unavailable, having gone through HTTP", async () => {
    if (!shim) return;
    const before = shim.requests();
    const kv = createUpstashKv({ url: shim.url, token: "wrong" });
    await expectKvError(kv.get("k"), "unavailable");
    expect(shim.requests()).toBeGreaterThan(before);
  });
});
