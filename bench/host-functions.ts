// npx tsx bench/host-functions.ts – the built functions of the serverless host, each figure
// beside its goal:
//  • every function's unzipped size (its folder plus the project files its .vc-config.json maps
//    in), against the host's 250 MB limit;
//  • a fresh function process's time to its first answer (spawn → first response, the host's
//    cold start without its own provisioning) for the catalogue and for checkout, against 1 s,
//    beside the floor measured in the same run: the shop's lightest function, POST
//    /api/language (no KV, no upstream, no page), started the same way.
// It runs `vercel build` in a copy of the checkout (tests/support/host/vercel-build.ts) unless
// BENCH_HOST_PROJECT names a copy already built (its .vercel/output is used). The functions run
// behind the test's front door on Redis (127.0.0.1:6379 or a private one), as a demo shop, and
// the checkout once more as a live shop: the same build against the Partner sandbox, the
// payments sandbox and the QStash emulation as servers of their own (a real upstream, Stripe
// and QStash are outside the function too). Checkout's goal is read on the live figure, the
// one an owner's buyers meet (docs/architecture-decisions.md, 224); both are printed.
// Each figure is also printed as the function process's own CPU time to that answer, which
// other work on a shared machine moves far less than the wall time.
// BENCH_HOST_PROFILE=<dir>: every function runs under `node --cpu-prof` into that folder, and
// the live checkout's first cold start is split by module up to its answer
// (bench/lib/cold-start-split.ts). The profiler slows the start: read the split, not the times.
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCheckoutServices } from "./lib/checkout-services";
import { coldStartSplit, printColdStartSplit } from "./lib/cold-start-split";
import { freePort } from "../tests/support/free-port";
import { startHostDeployment } from "../tests/support/host/host-deployment";
import { DEMO_BUILD_SETTINGS, vercelBuild } from "../tests/support/host/vercel-build";
import { readVercelOutput, unzippedSize, type OutputFunction } from "../tests/support/host/vercel-output";
import { startTestRedis } from "../tests/support/redis-server";
import { createKv } from "@/lib/kv/get-kv";
import { createQstashSandbox } from "@/lib/qstash-sandbox/create-qstash-sandbox";
import { serveQstashSandbox } from "@/lib/qstash-sandbox/serve";
import { systemClock } from "@/lib/time/clock";
import { createTurnstileSandbox, SANDBOX_SITE_KEY } from "@/lib/turnstile-sandbox/turnstile-sandbox";

const SIZE_LIMIT = 250 * 1024 * 1024;
const COLD_START_GOAL_MS = 1_000;
const ROUNDS = Number(process.env.BENCH_HOST_ROUNDS ?? 3);
const PROFILE_DIR = process.env.BENCH_HOST_PROFILE;
/** BENCH_HOST_ONLY=floor,liveCheckout: only these figures (a quicker comparison of two builds). */
const ONLY = process.env.BENCH_HOST_ONLY?.split(",");
const MB = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The function's folder and the project files it maps in, as the host deploys and counts them. */
function deployedSize(fn: OutputFunction, projectRoot: string): number {
  const map = (fn.config as { filePathMap?: Record<string, string> }).filePathMap ?? {};
  let total = unzippedSize(fn.dir);
  for (const inProject of Object.values(map)) total += statSync(join(projectRoot, inProject)).size;
  return total;
}

/**
 * A bot-check token for a checkout, issued by the demo's Turnstile emulation straight into the
 * deployment's store: asked through the front door, it would start the function that serves it
 * first, and that may be the checkout's own, which would then no longer start cold.
 */
async function botToken(redisUrl: string, prefix: string, shopUrl: string): Promise<string> {
  const kv = await createKv({ driver: "redis", url: redisUrl, prefix });
  try {
    const sandbox = createTurnstileSandbox({ kv, clock: systemClock, basePath: "/turnstile-sandbox" });
    const issued = await sandbox.handle(
      new Request(`${shopUrl}/turnstile-sandbox/v0/token`, { method: "POST", headers: { "content-type": "application/json", origin: shopUrl }, body: JSON.stringify({ sitekey: SANDBOX_SITE_KEY, action: "checkout" }) }),
    );
    if (!issued.ok) throw new Error(`the bot check's emulation issued no token (${issued.status})`);
    return ((await issued.json()) as { token: string }).token;
  } finally {
    await kv.close();
  }
}

const LIVE_QSTASH = { token: "bench-host-qstash-token", currentSigningKey: "sig_bench_host_current", nextSigningKey: "sig_bench_host_next" };

/**
 * A live shop's settings on the host against the sandboxes started as servers: a live shop on
 * the host needs QStash and SMTP too. Nothing listens at the SMTP address: the order email is
 * sent after the answer, and its failure is retried later.
 */
function liveSettings(services: Awaited<ReturnType<typeof startCheckoutServices>>, qstashUrl: string): Record<string, string> {
  // The host sets the origin, the port and NODE_ENV; the store is the deployment's Redis, not a folder.
  const hostOwned = new Set(["PORT", "KV_DATA_DIR", "SHOP_URL", "NODE_ENV"]);
  const live = Object.fromEntries(Object.entries(services.shopEnv("")).filter(([name]) => !hostOwned.has(name)));
  return {
    ...live,
    SHOP_MODE: "live",
    QSTASH_URL: qstashUrl,
    QSTASH_TOKEN: LIVE_QSTASH.token,
    QSTASH_CURRENT_SIGNING_KEY: LIVE_QSTASH.currentSigningKey,
    QSTASH_NEXT_SIGNING_KEY: LIVE_QSTASH.nextSigningKey,
    SMTP_URL: "smtp://127.0.0.1:9",
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "bench-host-"));
  try {
    let projectRoot = process.env.BENCH_HOST_PROJECT;
    if (!projectRoot) {
      const build = await vercelBuild(process.cwd(), work, join(work, "vercel-build.log"), DEMO_BUILD_SETTINGS).catch((error: unknown) => {
        // The log is the only account of a failed build: keep it past the clean-up below.
        copyFileSync(join(work, "vercel-build.log"), join(tmpdir(), "bench-host-vercel-build.log"));
        throw error;
      });
      console.log(`vercel build: ${(build.ms / 1000).toFixed(0)} s`);
      projectRoot = build.projectRoot;
    }
    const outputDir = join(projectRoot, ".vercel", "output");
    const output = readVercelOutput(outputDir);

    // Sizes: one line per deployed function (paths that are one folder are one function).
    const byDir = new Map<string, { paths: string[]; fn: OutputFunction }>();
    for (const fn of output.functions.values()) {
      const entry = byDir.get(fn.dir) ?? { paths: [], fn };
      entry.paths.push(fn.path);
      byDir.set(fn.dir, entry);
    }
    const sizes = [...byDir.values()].map(({ paths, fn }) => ({ name: paths.sort()[0] ?? fn.path, paths: paths.length, bytes: deployedSize(fn, projectRoot) }));
    sizes.sort((a, b) => b.bytes - a.bytes);
    console.log(`\nfunctions: ${sizes.length} deployed (${output.functions.size} paths), unzipped size each (goal ≤ ${MB(SIZE_LIMIT)} MB, the host's limit):`);
    for (const size of sizes) {
      console.log(`  ${MB(size.bytes).padStart(7)} MB  ${size.name}${size.paths > 1 ? ` (+${size.paths - 1} paths)` : ""}  ${size.bytes <= SIZE_LIMIT ? "met" : "NOT MET"}`);
    }
    const largest = sizes[0];
    if (largest) console.log(`  largest ${MB(largest.bytes)} MB (goal ≤ 250 MB: ${largest.bytes <= SIZE_LIMIT ? "met" : "NOT MET"})`);

    // Cold starts: a fresh deployment per round, every function a new process.
    const found = await startTestRedis();
    if (!found.ok) throw new Error(`no Redis for the functions' store: ${found.reason}`);
    const redis = found.redis;
    const services = await startCheckoutServices({ shop: await freePort(), upstream: await freePort(), payments: await freePort() }, work);
    const qstash = await serveQstashSandbox(createQstashSandbox({ config: { token: LIVE_QSTASH.token, currentSigningKey: LIVE_QSTASH.currentSigningKey }, clock: systemClock }));
    const live = liveSettings(services, qstash.baseUrl);
    type Sample = { wallMs: number; cpuMs: number };
    const samples = { catalogue: [] as Sample[], checkout: [] as Sample[], liveCheckout: [] as Sample[], floor: [] as Sample[] };
    // Functions share folders (the language switch is in checkout's), so each figure gets a
    // deployment of its own, where its request is the first its function answers.
    const requests: Record<keyof typeof samples, { path: string; init: (url: string, token: string) => RequestInit; status: number; fn: string; live?: true }> = {
      floor: {
        path: "/api/language",
        init: (url) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", referer: `${url}/` }, body: "locale=en", redirect: "manual" }),
        status: 303,
        fn: "/api/language",
      },
      catalogue: { path: "/", init: () => ({ headers: { "accept-language": "en" } }), status: 200, fn: "/[locale]/by-upstream/[upstream]" },
      checkout: {
        path: "/api/checkout",
        init: (_url, token) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ voucher_id: 22101, game_id: 221, email: "bench@example.com", bot_token: token }) }),
        status: 201,
        fn: "/api/checkout",
      },
      // The owner's choice to run without a bot check (checkout-services.ts): no token to ask for.
      liveCheckout: {
        path: "/api/checkout",
        init: () => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ voucher_id: 22101, game_id: 221, email: "bench@example.com" }) }),
        status: 201,
        fn: "/api/checkout",
        live: true,
      },
    };
    let answeredUs = 0;
    let firstLiveProfile: { dir: string; answeredUs: number } | undefined;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        for (const [name, request] of Object.entries(requests) as [keyof typeof samples, (typeof requests)[keyof typeof samples]][]) {
          if (ONLY && !ONLY.includes(name)) continue;
          const dir = join(work, `round-${round}-${name}`);
          const profiles = PROFILE_DIR && join(PROFILE_DIR, `round-${round}-${name}`);
          const deployment = await startHostDeployment({
            projectRoot,
            outputDir,
            workDir: dir,
            nodeArgs: profiles ? (fn) => ["--cpu-prof", `--cpu-prof-dir=${join(profiles, fn.path.replace(/[^A-Za-z0-9.-]+/g, "_"))}`] : undefined,
            env: {
              ...(request.live ? live : { SHOP_MODE: "demo", OUTBOX_DIR: join(dir, "outbox") }),
              REDIS_URL: redis.url,
              KV_PREFIX: `${redis.prefix}${round}:${name}:`,
              CRON_SECRET: "bench-host-cron-secret-0123456789",
            },
          });
          try {
            const token = name === "checkout" ? await botToken(redis.url, `${redis.prefix}${round}:${name}:`, deployment.url) : "";
            const response = await fetch(`${deployment.url}${request.path}`, request.init(deployment.url, token));
            // The profile's clock is the monotonic one hrtime reads: the split ends here.
            answeredUs = Number(process.hrtime.bigint() / 1000n);
            await response.arrayBuffer();
            if (response.status !== request.status) throw new Error(`round ${round}: ${name} answered ${response.status}`);
            samples[name].push({ wallMs: deployment.pool.coldStarts().get(request.fn) ?? Number.NaN, cpuMs: deployment.pool.coldStartCpu().get(request.fn) ?? Number.NaN });
          } finally {
            await deployment.stop();
          }
          if (profiles && name === "liveCheckout" && round === 0) firstLiveProfile = { dir: join(profiles, request.fn.replace(/[^A-Za-z0-9.-]+/g, "_")), answeredUs };
        }
      }
    } finally {
      await qstash.close();
      await services.close();
      await redis.stop();
    }
    const floor = median(samples.floor.map((s) => s.wallMs));
    const floorCpu = median(samples.floor.map((s) => s.cpuMs));
    const list = (values: number[]) => `[${values.map((v) => v.toFixed(0)).join(", ")}]`;
    console.log(`\ncold start, a fresh function process to its first answer, median of ${ROUNDS} (goal ≤ ${COLD_START_GOAL_MS} ms), and its CPU time:`);
    console.log(`  floor (POST /api/language, no KV, no page)  ${floor.toFixed(0).padStart(5)} ms  ${list(samples.floor.map((s) => s.wallMs))}`);
    console.log(`  ${"".padEnd(42)} ${floorCpu.toFixed(0).padStart(5)} ms CPU  ${list(samples.floor.map((s) => s.cpuMs))}`);
    for (const [name, values] of [
      ["catalogue (GET /)", samples.catalogue],
      ["checkout, demo (POST /api/checkout)", samples.checkout],
      ["checkout, live shop (the goal's figure)", samples.liveCheckout],
    ] as const) {
      if (values.length === 0) continue;
      const ms = median(values.map((s) => s.wallMs));
      const cpu = median(values.map((s) => s.cpuMs));
      console.log(
        `  ${name.padEnd(42)} ${ms.toFixed(0).padStart(5)} ms  ${list(values.map((s) => s.wallMs))}  (+${(ms - floor).toFixed(0)} ms over the floor; goal ≤ ${COLD_START_GOAL_MS} ms: ${ms <= COLD_START_GOAL_MS ? "met" : "NOT MET"})`,
      );
      console.log(`  ${"".padEnd(42)} ${cpu.toFixed(0).padStart(5)} ms CPU  ${list(values.map((s) => s.cpuMs))}  (+${(cpu - floorCpu).toFixed(0)} ms over the floor's)`);
    }
    if (firstLiveProfile) {
      const file = readdirSync(firstLiveProfile.dir).find((name) => name.endsWith(".cpuprofile"));
      if (!file) throw new Error(`no profile in ${firstLiveProfile.dir}`);
      console.log(`\nlive checkout's first cold start under the profiler (${join(firstLiveProfile.dir, file)}), up to its answer:`);
      printColdStartSplit(coldStartSplit(join(firstLiveProfile.dir, file), projectRoot, firstLiveProfile.answeredUs));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
