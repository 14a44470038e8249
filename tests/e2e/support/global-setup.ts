// Starts the built shop once for the browser tests: `next start` on a free port with its own
// empty KV folder and the embedded sandbox as upstream, exactly what a newcomer runs.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    shopUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(".next/BUILD_ID")) throw new Error("No production build: run `npx next build` before the browser tests (npm test does).");
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-kv-"));
  let output = "";
  // Its own process group, so that stopping it also stops the server `npx` starts underneath.
  const child: ChildProcess = spawn("npx", ["next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, KV_DATA_DIR: dataDir, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited early:\n${output}`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      signal("SIGKILL");
      throw new Error(`next start did not answer within 60 s:\n${output}`);
    }
    await delay(250);
  }
  project.provide("shopUrl", url);

  return async () => {
    signal("SIGTERM");
    await Promise.race([new Promise((resolve) => child.once("exit", resolve)), delay(5_000)]);
    if (child.exitCode === null) signal("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
}
