// Starts a server in its own process (for benchmarks: the load generator and the server do not
// share one event loop; for browser tests: the shop as a newcomer runs it) and waits until it
// answers `readyPath` with a status below 500.
import { spawn, type ChildProcess } from "node:child_process";
import { setTimeout as delay } from "node:timers/promises";

export interface SpawnedServer {
  url: string;
  stop(): Promise<void>;
}

export async function spawnServer(
  command: string,
  args: string[],
  { url, env = {}, readyPath = "/", timeoutMs = 60_000 }: { url: string; env?: Record<string, string>; readyPath?: string; timeoutMs?: number },
): Promise<SpawnedServer> {
  // Its own process group, so that stopping it also stops what `npx` started underneath.
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, ...env },
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
  // Its own process group outlives this process unless told: a server left behind by a crashed
  // bench holds its port and, with its output pipes gone, spins on failed writes, skewing every
  // later measurement. So it is killed when this process exits, however it exits short of SIGKILL.
  const killOnExit = () => signal("SIGKILL");
  process.once("exit", killOnExit);
  child.once("exit", () => process.off("exit", killOnExit));
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} exited early:\n${output}`);
    const ready = await fetch(new URL(readyPath, url)).then(
      (response) => response.status < 500,
      () => false, // not listening yet
    );
    if (ready) break;
    if (Date.now() > deadline) {
      signal("SIGKILL");
      throw new Error(`${command} did not answer at ${url} within ${timeoutMs} ms:\n${output}`);
    }
    await delay(200);
  }

  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        signal("SIGTERM");
        setTimeout(() => signal("SIGKILL"), 5_000).unref();
      }),
  };
}
