// A Redis for integration tests, found or started: TEST_REDIS_URL if set, else the server on
// 127.0.0.1:6379 if it answers, else a private redis-server on a free port (always, with
// TEST_REDIS_PRIVATE=1). Every run gets its own key prefix, so parallel test files (and a
// developer's data) never collide.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";

export interface TestRedis {
  url: string;
  /** Unique to this run; `stop` deletes every key under it. */
  prefix: string;
  stop(): Promise<void>;
}

export type TestRedisResult = { ok: true; redis: TestRedis } | { ok: false; reason: string };

const DEFAULT_URL = "redis://127.0.0.1:6379";

export async function startTestRedis(): Promise<TestRedisResult> {
  const prefix = `test:${process.pid}:${randomUUID().slice(0, 8)}:`;
  const shared = process.env.TEST_REDIS_URL ?? DEFAULT_URL;
  const privateOnly = process.env.TEST_REDIS_PRIVATE === "1" && !process.env.TEST_REDIS_URL;
  if (!privateOnly && (await answersPing(shared))) return { ok: true, redis: { url: shared, prefix, stop: () => deletePrefix(shared, prefix) } };
  if (process.env.TEST_REDIS_URL) return { ok: false, reason: `TEST_REDIS_URL=${shared} does not answer PING` };

  for (let attempt = 0; attempt < 3; attempt++) {
    const started = await startPrivateServer(prefix);
    if (started !== "no-binary" && started !== "failed") return { ok: true, redis: started };
    if (started === "no-binary") {
      return {
        ok: false,
        reason:
          "no Redis answers on 127.0.0.1:6379 and no redis-server binary is on PATH; " +
          "install one with `apt-get install redis-server` (or set TEST_REDIS_URL)",
      };
    }
  }
  return { ok: false, reason: "redis-server is installed but did not start on a free port three times" };
}

/** A raw PING over a socket: quick to fail when nothing listens, with no client retries. */
function answersPing(url: string, timeoutMs = 500): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

async function deletePrefix(url: string, prefix: string): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    client.disconnect();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startPrivateServer(prefix: string): Promise<TestRedis | "no-binary" | "failed"> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), "kv-test-redis-"));
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir];
  const child = spawn("redis-server", args, { stdio: "ignore" });
  const spawned = await new Promise<boolean>((resolve) => {
    child.once("spawn", () => resolve(true));
    child.once("error", () => resolve(false));
  });
  const cleanUp = async () => {
    await stopChild(child);
    await rm(dir, { recursive: true, force: true });
  };
  if (!spawned) {
    await rm(dir, { recursive: true, force: true });
    return "no-binary";
  }
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (await answersPing(url)) return { url, prefix, stop: cleanUp };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await cleanUp();
  return "failed";
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
