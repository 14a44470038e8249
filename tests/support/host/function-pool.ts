// The built functions, each deployed and started as the host does it, on its first request:
// its folder under `.vercel/output/functions` plus the project files its `.vc-config.json`
// names in `filePathMap` (the host uploads those beside it) are copied into a folder of its own
// (hard links where the file system allows), and nothing else: a file the build did not trace is
// not there, as on the host. Then `function-runner.mjs` runs it in a Node process of its own.
// Functions that are one folder under several paths (symbolic links) are one deployment.
//
// The host's file system is read-only. A function that writes into its folder is found when the
// pool stops: every deployed folder is compared with what was deployed into it.
import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, createWriteStream, cpSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync, type WriteStream } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../free-port";
import type { OutputFunction } from "./vercel-output";

const RUNNER = fileURLToPath(new URL("./function-runner.mjs", import.meta.url));

export interface RunningFunction {
  url: string;
  /** ms from the process's start to its first answer: what a buyer waits on a cold start. */
  coldStartMs: number | null;
}

export interface FunctionPool {
  /** The running process for this function, started (cold) if it is not yet. */
  get(fn: OutputFunction): Promise<RunningFunction & { firstAnswer(): void }>;
  /** Cold starts so far, by path: spawn to the first answer of a request that met the cold process. */
  coldStarts(): Map<string, number>;
  /**
   * The same cold starts as the process's own CPU time (user and system, all threads, 10 ms
   * ticks, Linux): what the start cost, barely moved by other work on a shared machine.
   */
  coldStartCpu(): Map<string, number>;
  /** Files a function wrote into (or removed from) its deployed folder. */
  writes(): Promise<string[]>;
  stop(): Promise<void>;
}

interface Deployed {
  dir: string;
  files: Map<string, string>;
  process: ChildProcess;
  log: WriteStream;
  url: string;
  startedAt: number;
  coldStartMs: number | null;
}

/** `nodeArgs` gives a function's Node its options, before the runner (a bench's `--cpu-prof`); the host passes none. */
export function startFunctionPool(options: {
  projectRoot: string;
  deployRoot: string;
  env: Record<string, string>;
  logDir: string;
  nodeArgs?: (fn: OutputFunction) => string[];
}): FunctionPool {
  const deployed = new Map<string, Promise<Deployed>>();
  const coldStarts = new Map<string, number>();
  const coldStartCpu = new Map<string, number>();
  let count = 0;

  async function deploy(fn: OutputFunction): Promise<Deployed> {
    count += 1;
    const dir = join(options.deployRoot, `fn-${count}`);
    cpSync(fn.dir, dir, { recursive: true, dereference: true });
    const map = (fn.config as { filePathMap?: Record<string, string> }).filePathMap ?? {};
    for (const [inFunction, inProject] of Object.entries(map)) {
      const target = join(dir, inFunction);
      mkdirSync(dirname(target), { recursive: true });
      try {
        linkSync(join(options.projectRoot, inProject), target);
      } catch {
        copyFileSync(join(options.projectRoot, inProject), target);
      }
    }
    const files = snapshot(dir);
    const port = await freePort();
    const log = createWriteStream(join(options.logDir, `${fn.path.replace(/[^A-Za-z0-9.-]+/g, "_") || "index"}.log`));
    const startedAt = performance.now();
    const child = spawn(process.execPath, [...(options.nodeArgs?.(fn) ?? []), RUNNER, dir, String(port)], {
      cwd: dir,
      env: options.env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`function ${fn.path} did not start within 30 s`)), 30_000);
      child.stdout?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("listening")) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`function ${fn.path} exited at start (${code}); see its log in ${options.logDir}`));
      });
    });
    return { dir, files, process: child, log, url: `http://127.0.0.1:${port}`, startedAt, coldStartMs: null };
  }

  return {
    async get(fn) {
      let entry = deployed.get(fn.dir);
      if (!entry) {
        entry = deploy(fn);
        deployed.set(fn.dir, entry);
      }
      const running = await entry;
      // A request that reached the process before its first answer waited on the cold start,
      // even when a request it made itself (a demo's checkout calling its embedded sandbox in
      // the same function) is answered first: its own answer is its path's cold start.
      const cold = running.coldStartMs === null;
      return {
        url: running.url,
        coldStartMs: running.coldStartMs,
        firstAnswer() {
          const sinceSpawn = performance.now() - running.startedAt;
          running.coldStartMs ??= sinceSpawn;
          if (cold && !coldStarts.has(fn.path)) {
            coldStarts.set(fn.path, sinceSpawn);
            const cpu = running.process.pid === undefined ? null : processCpuMs(running.process.pid);
            if (cpu !== null) coldStartCpu.set(fn.path, cpu);
          }
        },
      };
    },
    coldStarts: () => coldStarts,
    coldStartCpu: () => coldStartCpu,
    async writes() {
      const all = await Promise.allSettled([...deployed.values()]);
      return all.flatMap((result) =>
        result.status === "fulfilled" ? changedFiles(result.value.files, snapshot(result.value.dir)).map((file) => `${result.value.dir}: ${file}`) : [],
      );
    },
    async stop() {
      const all = await Promise.allSettled([...deployed.values()]);
      await Promise.all(
        all.map(async (result) => {
          if (result.status !== "fulfilled") return;
          const { process: child, log } = result.value;
          if (child.exitCode === null && child.signalCode === null) {
            const exited = new Promise((resolve) => child.once("exit", resolve));
            child.kill("SIGTERM");
            const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
            await exited;
            clearTimeout(timer);
          }
          log.end();
        }),
      );
    },
  };
}

/** User and system CPU of a running process in ms (Linux /proc; null elsewhere or once it is gone). */
function processCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ");
    return fields ? (Number(fields[11]) + Number(fields[12])) * 10 : null;
  } catch {
    return null;
  }
}

/** Every file under dir with its size and modification time. */
export function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const stat = statSync(full);
        files.set(relative(dir, full), `${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return files;
}

/** What changed between two snapshots of one folder. */
export function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [file, stamp] of after) if (before.get(file) !== stamp) changed.push(file);
  for (const file of before.keys()) if (!after.has(file)) changed.push(`${file} (removed)`);
  return changed;
}
