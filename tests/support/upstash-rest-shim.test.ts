// The shim must speak the protocol the real client sends, or the Upstash contract suite would
// test the shim instead of the driver: single commands, pipelines, transactions, errors, auth.
import { Redis as UpstashRedis } from "@upstash/redis";
import { afterAll, describe, expect, it } from "vitest";
import { startTestRedis } from "./redis-server";
import { startUpstashShim } from "./upstash-rest-shim";

const started = await startTestRedis();
if (!started.ok) console.warn(`[kv tests] Upstash shim suite skipped: ${started.reason}`);
const shim = started.ok ? await startUpstashShim(started.redis.url) : undefined;
afterAll(async () => {
  await shim?.close();
  if (started.ok) await started.redis.stop();
});

describe.skipIf(!shim || !started.ok)("Upstash REST shim", () => {
  const prefix = started.ok ? started.redis.prefix : "";
  const client = (token = shim?.token ?? "", responseEncoding?: false) =>
    new UpstashRedis({ url: shim?.url ?? "", token, responseEncoding, automaticDeserialization: false, enableAutoPipelining: false });

  it("answers single commands, with and without base64 encoding", async () => {
    for (const encoding of [undefined, false] as const) {
      const redis = client(undefined, encoding);
      expect(await redis.set(`${prefix}k`, "héllo 🎟️")).toBe("OK");
      expect(await redis.get(`${prefix}k`)).toBe("héllo 🎟️");
      expect(await redis.incr(`${prefix}n`)).toBeGreaterThan(0);
      expect(await redis.get(`${prefix}missing`)).toBeNull();
    }
  });

  it("runs pipelines in order and reports each command's error in place", async () => {
    const results = await client()
      .pipeline()
      .set(`${prefix}p`, "1")
      .incr(`${prefix}p`)
      .zadd(`${prefix}p`, { score: 1, member: "m" })
      .get(`${prefix}p`)
      .exec({ keepErrors: true });
    expect(results.map((r) => r.error ?? r.result)).toEqual([
      "OK",
      2,
      expect.stringContaining("WRONGTYPE"),
      "2",
    ]);
  });

  it("runs multi-exec as one transaction", async () => {
    const results = await client().multi().set(`${prefix}m`, "a").append(`${prefix}m`, "b").get(`${prefix}m`).exec();
    expect(results).toEqual(["OK", 2, "ab"]);
  });

  it("rejects a wrong token and passes a failing command's error on", async () => {
    await expect(client("wrong").get(`${prefix}k`)).rejects.toThrow(/Unauthorized/);
    await client().set(`${prefix}s`, "text");
    await expect(client().incr(`${prefix}s`)).rejects.toThrow(/not an integer/);
  });
});
