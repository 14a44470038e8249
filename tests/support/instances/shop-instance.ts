// One shop instance: `next start` of the production build on its own port, in its own process
// group, with its output kept in a log file. Unlike spawn-server.ts it can be killed with
// SIGKILL, as a host kills an instance: no shutdown, no `finally`, leases left held.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { freePort } from "../free-port";

export interface ShopInstance {
  name: string;
  url: string;
  logFile: string;
  /** Ends the whole process group at once, as a host does with an instance it drops. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 5 s. */
  stop(): Promise<void>;
  alive(): boolean;
}

export async function startShopInstance(name: string, env: Record<string, string>, logFile: string, timeoutMs = 60_000): Promise<ShopInstance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile);
  // node runs next's own bin (no npx in between), in a group of its own so that a signal to
  // the group reaches anything it forks. Bound to loopback as "localhost", never "127.0.0.1":
  // Next's middleware writes 127.0.0.1 as localhost, so with -H 127.0.0.1 every page proxy.ts
  // rewrites looks external and is fetched again over a second connection (README, "Running it
  // yourself"). ipv4first makes localhost the 127.0.0.1 that `url` names wherever ::1 comes first.
  const child: ChildProcess = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "localhost"], {
    env: { ...process.env, ...env, NODE_OPTIONS: withIpv4First(env.NODE_OPTIONS ?? process.env.NODE_OPTIONS), PORT: String(port), NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  const running = () => child.exitCode === null && child.signalCode === null;

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!running()) throw new Error(`shop ${name} exited at start; see ${logFile}`);
    const ready = await fetch(`${url}/icon.svg`).then(
      (response) => response.status < 500,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      signal("SIGKILL");
      throw new Error(`shop ${name} did not answer at ${url} within ${timeoutMs} ms; see ${logFile}`);
    }
    await delay(200);
  }

  return {
    name,
    url,
    logFile,
    alive: running,
    async kill() {
      if (!running()) return;
      signal("SIGKILL");
      await exited;
    },
    async stop() {
      if (!running()) return;
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** NODE_OPTIONS as given, with localhost resolved to 127.0.0.1 first. */
function withIpv4First(options: string | undefined): string {
  return [options, "--dns-result-order=ipv4first"].filter(Boolean).join(" ");
}
