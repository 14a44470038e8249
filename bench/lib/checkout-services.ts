// What the checkout benchmarks run the shop against (bench/run.ts, bench/hosting.ts,
// bench/profile-checkout.ts, …): the Partner sandbox with zero supplier latency and a balance
// for the load, the payments sandbox, and the settings of a live shop on both. Each sandbox runs
// in a process of its own (service-process.ts), as the services they stand in for run elsewhere:
// the bench's own process is then the buyers alone, and every process's CPU can be read apart.
import { fork, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { processCpuMs } from "./process-cpu";
import type { ServiceAnswer, ServiceAsk, ServiceStart } from "./service-process";

const WEBHOOK_SECRET = "whsec_bench";

/** A sandbox in its own process, with the counts it keeps of what it answered. */
export interface ServiceHandle {
  baseUrl: string;
  /** Requests received since the last reset, by path (payments: "METHOD /path", ids as ":id"). */
  calls(): Promise<Record<string, number>>;
  /** Milliseconds spent answering them since the last reset, by the same keys. */
  timeMs(): Promise<Record<string, number>>;
  total(): Promise<number>;
  reset(): Promise<void>;
  /** User and system CPU its process has used, in ms. */
  cpuMs(): number;
}

export interface CheckoutServices {
  upstream: ServiceHandle;
  payments: ServiceHandle & {
    /**
     * Sends every webhook still queued and waits for the shop to take them; ms it took. Under
     * load the shop answers its webhooks behind the buyers' requests: work the buyers' run caused.
     */
    drain(): Promise<number>;
  };
  /** The environment of a `next start` on `shopPort` against both, its store in `kvDir`. */
  shopEnv(kvDir: string): Record<string, string>;
  close(): Promise<void>;
}

export interface ServicesOptions {
  /**
   * Run the payments sandbox under `node --cpu-prof`, its profiles written here once it closes:
   * its CPU per purchase, split by where it goes (bench/profile-checkout.ts PROFILE_SANDBOX=payments).
   */
  profilePaymentsTo?: string;
}

export async function startCheckoutServices(
  ports: { shop: number; upstream: number; payments: number },
  dir: string,
  options: ServicesOptions = {},
): Promise<CheckoutServices> {
  const shopUrl = `http://127.0.0.1:${ports.shop}`;
  const profiled = options.profilePaymentsTo ? ["--cpu-prof", `--cpu-prof-dir=${options.profilePaymentsTo}`] : [];
  const [upstream, payments] = await Promise.all([
    startService({ kind: "upstream", port: ports.upstream }),
    startService(
      { kind: "payments", port: ports.payments, dir: join(dir, "payments"), webhookUrl: `${shopUrl}/api/webhooks/stripe`, webhookSecret: WEBHOOK_SECRET },
      profiled,
    ),
  ]);
  return {
    upstream,
    payments,
    shopEnv: (kvDir) => ({
      PARTNER_API_URL: upstream.baseUrl,
      PARTNER_LOGIN: "demo",
      PARTNER_API_KEY: "demo-key",
      // Payments through the payments sandbox, which a live shop accepts only with test orders.
      STRIPE_SECRET_KEY: "sk_test_bench",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: payments.baseUrl,
      PARTNER_TEST_MODE: "1",
      CHECKOUT_RATE_LIMIT: "1000000/60s",
      // Cloudflare is out of reach here: the owner's explicit choice to run without a bot check
      // (bench/fraud-screening.ts measures screening with the emulated one, in process).
      BOT_CHECK: "off",
      PORT: String(ports.shop),
      SHOP_URL: shopUrl,
      CHECKOUT_CODE_KEY: "ab".repeat(32),
      // A live shop starts only with its admin's owner and secret (README, Admin).
      ADMIN_EMAIL: "owner@shop.example",
      ADMIN_PASSWORD_HASH: "scrypt:1024:8:1:SOMb8e1iV3THKUVCAIp4lw:o16pYm9hgBbfb8ORgJ3Ei_6h-1i0U68Fg4xtHqtvMio",
      AUTH_SECRET: "2cL9mIZ872YN6FhpoKHvukNuQ6wWBFUqY+XxxI+2vWM=",
      KV_DATA_DIR: kvDir,
      NODE_ENV: "production",
    }),
    close: async () => {
      await payments.close();
      await upstream.close();
    },
  };
}

/** Forks service-process.ts (with this process's tsx loader, and `nodeArgs`) and waits until it listens. */
async function startService(start: ServiceStart, nodeArgs: string[] = []): Promise<ServiceHandle & { drain(): Promise<number>; close(): Promise<void> }> {
  const child: ChildProcess = fork(join(import.meta.dirname, "service-process.ts"), [JSON.stringify(start)], {
    stdio: "inherit",
    execArgv: [...process.execArgv, ...nodeArgs],
  });
  // A sandbox left behind by a crashed bench would hold its port: it goes when this process does.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  child.once("exit", () => process.off("exit", killOnExit));
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  child.on("message", (answer: ServiceAnswer) => {
    const asker = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.error !== undefined) asker?.reject(new Error(`${start.kind} sandbox: ${answer.error}`));
    else asker?.resolve(answer.value);
  });
  child.once("exit", (code) => {
    for (const asker of waiting.values()) asker.reject(new Error(`${start.kind} sandbox exited (${code})`));
    waiting.clear();
  });
  let next = 1;
  const ask = <T>(question: ServiceAsk["ask"]) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, ask: question } satisfies ServiceAsk);
    });
  const baseUrl = await new Promise<string>((resolve, reject) => waiting.set(0, { resolve: resolve as (value: unknown) => void, reject }));
  const cpuMs = processCpuMs(start.port);
  return {
    baseUrl,
    calls: () => ask("calls"),
    timeMs: () => ask("timeMs"),
    total: async () => Object.values(await ask<Record<string, number>>("calls")).reduce((a, b) => a + b, 0),
    reset: () => ask("reset"),
    drain: () => ask("drain"),
    cpuMs,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      await ask("close");
      await exited;
    },
  };
}
