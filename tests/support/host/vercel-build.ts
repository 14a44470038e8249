// `vercel build` of the shop, offline, in a copy of the checkout: the files git knows (committed
// or not, ignored ones left out), with node_modules hard-linked (copied where links cannot be
// made), so the build's own `.next` never replaces the one `next start` serves in the tests, and
// the build traces the copy's files as the host's build traces a fresh clone's. The project's
// settings are what `vercel link` would write to `.vercel/project.json`; nothing here talks to
// the host (no token, no account).
import { execFileSync, spawn } from "node:child_process";
import { cpSync, createWriteStream, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export interface HostBuild {
  /** The copy the build ran in: the files each function's filePathMap names are here. */
  projectRoot: string;
  /** Its `.vercel/output`. */
  output: string;
  ms: number;
}

/** Build settings a linked project would have: Next.js, the build as `npm run build` runs it. */
const PROJECT_SETTINGS = {
  projectId: "prj_local_host_build",
  orgId: "team_local_host_build",
  settings: { framework: "nextjs", installCommand: "true", buildCommand: null, outputDirectory: null, rootDirectory: null, nodeVersion: "20.x" },
};

/**
 * What a demo deployment on the host is built with: the start check (`npm run vercel-build`)
 * refuses a host build that is neither live nor a demo, and a demo there needs a shared store.
 * The build only checks and prerenders with them; each deployment brings its own at run time.
 */
export const DEMO_BUILD_SETTINGS = { SHOP_MODE: "demo", REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", KV_PREFIX: "host-build-time:" };

export async function vercelBuild(repoRoot: string, into: string, logFile: string, env: Record<string, string> = {}): Promise<HostBuild> {
  const started = performance.now();
  const projectRoot = join(into, "project");
  // A fresh copy: `cp -al` into an existing node_modules would nest a second one inside it.
  rmSync(projectRoot, { recursive: true, force: true });
  mkdirSync(projectRoot, { recursive: true });
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: repoRoot, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(projectRoot, file)), { recursive: true });
    try {
      cpSync(join(repoRoot, file), join(projectRoot, file));
    } catch {
      // Listed by git but deleted in the working tree: not part of what is built.
    }
  }
  try {
    execFileSync("cp", ["-al", join(repoRoot, "node_modules"), join(projectRoot, "node_modules")]);
  } catch {
    cpSync(join(repoRoot, "node_modules"), join(projectRoot, "node_modules"), { recursive: true, verbatimSymlinks: true });
  }
  mkdirSync(join(projectRoot, ".vercel"), { recursive: true });
  writeFileSync(join(projectRoot, ".vercel", "project.json"), JSON.stringify(PROJECT_SETTINGS, null, 2));

  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [join(projectRoot, "node_modules/vercel/dist/index.js"), "build", "--yes"], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: into,
      CI: "1",
      NODE_ENV: "production",
      VERCEL_TELEMETRY_DISABLED: "1",
      NEXT_TELEMETRY_DISABLED: "1",
      // tsc has checked the types before (npm test): minutes saved on two cores.
      SHOP_BUILD_SKIP_TYPECHECK: "1",
      ...env,
    } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  log.end();
  if (code !== 0) throw new Error(`vercel build exited with ${code}; see ${logFile}`);
  return { projectRoot, output: join(projectRoot, ".vercel", "output"), ms: performance.now() - started };
}
