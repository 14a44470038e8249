// A write whose reply is lost must not be applied twice, and its caller must learn that the
// outcome is unknown (KvError "reply_lost") rather than get a wrong answer. The Redis driver
// goes through a proxy that cuts the connection after forwarding the command; the Upstash
// driver through the REST shim, which runs the command and then drops the HTTP answer.
import { Redis } from "ioredis";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { createIoredisKv } from "@/lib/kv/redis/ioredis-kv";
import { createUpstashKv } from "@/lib/kv/redis/upstash-kv";
import { compareAndSet, incrWithTtl, receiptKey } from "@/lib/kv/scripts";
import { startReplyDroppingProxy, type ReplyDroppingProxy } from "../support/reply-dropping-proxy";
import { startTestRedis } from "../support/redis-server";
import { startUpstashShim, type UpstashShim } from "../support/upstash-rest-shim";
import { expectKvError } from "./helpers";

const started = await startTestRedis();
const redis = started.ok ? started.redis : undefined;
const proxy: ReplyDroppingProxy | undefined = redis && (await startReplyDroppingProxy(redis.url));
const shim: UpstashShim | undefined = redis && (await startUpstashShim(redis.url));
const admin = redis && new Redis(redis.url);
afterAll(async () => {
  await proxy?.close();
  await shim?.close();
  admin?.disconnect();
  await redis?.stop();
});

interface Case {
  name: string;
  open(prefix: string): Kv;
  dropNextReply(): void;
}

const cases: Case[] =
  redis && proxy && shim
    ? [
        { name: "redis", open: (p) => createIoredisKv({ url: proxy.url, prefix: redis.prefix + p }), dropNextReply: proxy.dropNextReply },
        {
          name: "upstash",
          open: (p) => createUpstashKv({ url: shim.url, token: shim.token, prefix: redis.prefix + p }),
          dropNextReply: shim.dropNextReply,
        },
      ]
    : [];

/** Long enough for a driver that resends after reconnecting to have done so. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe.skipIf(!redis)("a lost reply", () => {
  describe.each(cases)("$name driver", ({ name, open, dropNextReply }) => {
    const prefix = `write-once-${name}-${Date.now()}:`;
    const raw = (key: string) => admin?.get(`${redis?.prefix ?? ""}${prefix}${key}`);

    async function withKv(test: (kv: Kv) => Promise<void>) {
      const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
      const kv = open(prefix);
      try {
        await kv.get("warm-up"); // connected and ready, so the next command really is sent
        await test(kv);
      } finally {
        await kv.close();
        quiet.mockRestore();
      }
    }

    it("SET NX: applied once, reported as reply_lost, and a second try sees the key taken", () =>
      withKv(async (kv) => {
        dropNextReply();
        await expectKvError(kv.setIfAbsent("lock", "first", { ttlMs: 60_000 }), "reply_lost");
        await settle();
        expect(await raw("lock")).toBe("first");
        expect(await kv.setIfAbsent("lock", "second", { ttlMs: 60_000 })).toBe(false);
      }));

    it("INCR: applied once", () =>
      withKv(async (kv) => {
        dropNextReply();
        await expectKvError(kv.incr("counter"), "reply_lost");
        await settle();
        expect(await raw("counter")).toBe("1");
        expect(await kv.incr("counter")).toBe(2);
      }));

    it("a script: applied once", () =>
      withKv(async (kv) => {
        dropNextReply();
        await expectKvError(kv.run(incrWithTtl, { keys: { counter: "hits" }, args: { by: 5, ttlMs: 60_000 } }), "reply_lost");
        await settle();
        expect(await raw("hits")).toBe("5");
      }));

    it("a read whose reply was lost is asked once more, since it changes nothing", () =>
      withKv(async (kv) => {
        await kv.set("price", "1999");
        dropNextReply();
        expect(await kv.get("price")).toBe("1999");
      }));

    it("compare-and-set with a receipt: the retry after a lost reply answers already_applied", () =>
      withKv(async (kv) => {
        await kv.set("order", "pending");
        const move = () =>
          kv.run(compareAndSet, {
            keys: { target: "order", receipt: receiptKey("order", "pay-1") },
            args: { expected: "pending", value: "paid", ttlMs: 0 },
          });
        dropNextReply();
        await expectKvError(move(), "reply_lost");
        expect(await move()).toEqual({ applied: false, reason: "already_applied" });
        expect(await raw("order")).toBe("paid");
      }));
  });
});
