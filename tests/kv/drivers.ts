// The three drivers under test (and the property tests' in-memory store), each opened on a fresh store or a run-unique Redis prefix.
// Redis comes from tests/support/redis-server.ts; the Upstash driver talks HTTP to the shim in
// tests/support/upstash-rest-shim.ts, which forwards to that same Redis.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach } from "vitest";
import { createEmbeddedKv } from "@/lib/kv/embedded/embedded-kv";
import type { Kv } from "@/lib/kv/kv";
import { createIoredisKv } from "@/lib/kv/redis/ioredis-kv";
import { createUpstashKv } from "@/lib/kv/redis/upstash-kv";
import { createMemoryKv, type MemoryData } from "../support/memory-kv";
import { startTestRedis } from "../support/redis-server";
import { startUpstashShim, type UpstashShim } from "../support/upstash-rest-shim";

export interface DriverUnderTest {
  name: "embedded" | "memory" | "redis" | "upstash";
  /** Why this driver cannot run here; undefined when it can. */
  skipReason?: string;
  /** A Kv over the same data for every call with the same prefix. */
  open(prefix: string): Kv;
}

export interface Drivers {
  drivers: DriverUnderTest[];
  redisUrl?: string;
  shim?: UpstashShim;
  stop(): Promise<void>;
}

export async function startDrivers(): Promise<Drivers> {
  const dir = await mkdtemp(join(tmpdir(), "kv-contract-"));
  const memory: MemoryData = new Map();
  const started = await startTestRedis();
  if (!started.ok) console.warn(`[kv tests] Redis and Upstash suites skipped: ${started.reason}`);
  const redis = started.ok ? started.redis : undefined;
  const shim = redis ? await startUpstashShim(redis.url) : undefined;
  const unavailable = (open: (prefix: string) => Kv | undefined) => (prefix: string) => {
    const kv = open(prefix);
    if (!kv) throw new Error("driver is skipped");
    return kv;
  };
  return {
    drivers: [
      { name: "embedded", open: (prefix) => createEmbeddedKv({ dir, prefix }) },
      // The property tests' store, held to the same contract as the drivers it stands in for.
      { name: "memory", open: (prefix) => createMemoryKv({ data: memory, prefix }) },
      {
        name: "redis",
        skipReason: started.ok ? undefined : started.reason,
        open: unavailable((prefix) => redis && createIoredisKv({ url: redis.url, prefix: redis.prefix + prefix })),
      },
      {
        name: "upstash",
        skipReason: started.ok ? undefined : started.reason,
        open: unavailable(
          (prefix) => redis && shim && createUpstashKv({ url: shim.url, token: shim.token, prefix: redis.prefix + prefix }),
        ),
      },
    ],
    redisUrl: redis?.url,
    shim,
    async stop() {
      await shim?.close();
      await redis?.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The drivers for one test file: started once and stopped after the file, and every Kv given
 * to `track` closed after the test that opened it.
 */
export async function driversForFile(): Promise<{ drivers: DriverUnderTest[]; track: <T extends Kv>(kv: T) => T }> {
  const { drivers, stop } = await startDrivers();
  let opened: Kv[] = [];
  afterEach(async () => {
    await Promise.all(opened.map((kv) => kv.close()));
    opened = [];
  });
  afterAll(stop);
  return { drivers, track: (kv) => (opened.push(kv), kv) };
}
