// npx tsx bench/fraud-screening.ts – what screening (lib/fraud) costs a checkout: the route's own
// handler (shopCheckoutHandler) called in process against the zero-latency Partner and payments
// sandboxes of npm run bench, alternately with the shop's screening (rules, blocklist, breaker,
// the emulated Turnstile's siteverify in process, the velocity script) and with none, in the
// same run on the same KV. Reported: the median of each, the unscreened one as the floor the
// screened one stands on (measured in the same run, so a loaded machine weighs on both), their
// difference (goal ≤ 2 ms), the shop's KV round trips of each (tests/support/kv/kv-rounds.ts;
// on the embedded store a round with a write is a commit, the costliest thing a checkout waits
// for here; the emulated siteverify's token spend is left out, Cloudflare's in a live shop),
// and the Partner API calls per checkout in each (screening's own: goal 0), plus those of a
// bot's checkout that screening refuses (goal 0: nothing reserved). The token each checkout
// carries is the widget's, obtained before the clock starts, as a browser obtains it before the
// buyer pays.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countKvRounds } from "../tests/support/kv/kv-rounds";
import { startCheckoutServices } from "./lib/checkout-services";

const WARM_UP = 20;
const MEASURED = 100;
const PORTS = { shop: 3622, upstream: 3623, payments: 3624 };
const GOAL_MS = 2;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-fraud-"));
  const services = await startCheckoutServices(PORTS, dir);
  try {
    Object.assign(process.env, services.shopEnv(join(dir, "kv")));
    const { getKv } = await import("@/lib/kv/get-kv");
    const { shopCheckoutHandler } = await import("@/lib/shop/checkout");
    const { checkoutScreening } = await import("@/lib/fraud/screen-checkout");
    const { kvBlocklist } = await import("@/lib/fraud/kv-blocklist");
    const { screeningCaps } = await import("@/lib/shop/fraud-caps");
    const { shopRulesDeps } = await import("@/lib/shop/pricing");
    const { createTurnstileSandbox, SANDBOX_SECRET_KEY, SANDBOX_SITE_KEY } = await import("@/lib/turnstile-sandbox/turnstile-sandbox");
    const { systemClock } = await import("@/lib/time/clock");
    const kv = await getKv();
    const pricing = await shopRulesDeps();
    const shopUrl = `http://127.0.0.1:${PORTS.shop}`;
    // The demo's screening: the emulated Turnstile called in process, as lib/shop/fraud.ts wires it.
    const turnstile = createTurnstileSandbox({ kv, clock: systemClock, basePath: "/turnstile-sandbox" });
    const screen = checkoutScreening({
      kv,
      clock: systemClock,
      blocklist: kvBlocklist(kv),
      ...screeningCaps(pricing),
      botCheck: { verifyUrl: `${shopUrl}/turnstile-sandbox/v0/siteverify`, secret: SANDBOX_SECRET_KEY, hostnames: ["127.0.0.1"], fetch: (input, init) => turnstile.handle(new Request(input, init)), timeoutMs: 5_000 },
      clientIp: () => null,
      clientCountry: () => null,
    });
    const later = () => undefined;
    const handlers = { on: shopCheckoutHandler(later, { screen }), off: shopCheckoutHandler(later, { screen: null }) };

    async function token(): Promise<string> {
      const answer = await turnstile.handle(
        new Request(`${shopUrl}/turnstile-sandbox/v0/token`, { method: "POST", headers: { "content-type": "application/json", origin: shopUrl }, body: JSON.stringify({ sitekey: SANDBOX_SITE_KEY, action: "checkout" }) }),
      );
      return ((await answer.json()) as { token: string }).token;
    }

    // The payments sandbox shares the store in this process, and so does the emulated siteverify,
    // which a live shop calls at Cloudflare over HTTP: the rounds counted are the shop's own.
    const counter = countKvRounds(kv, (key) => key.startsWith("payments-sandbox:") || key.startsWith("turnstile-sandbox:"));

    async function checkout(mode: "on" | "off", n: number, botToken: string | undefined): Promise<{ ms: number; status: number; upstream: number; rounds: number; writes: number }> {
      const body = JSON.stringify({ voucher_id: 10101, game_id: 101, email: `fraud-bench-${mode}-${n}@example.com`, ...(botToken && { bot_token: botToken }) });
      const request = new Request(`${shopUrl}/api/checkout`, { method: "POST", headers: { "content-type": "application/json", origin: shopUrl }, body });
      await services.upstream.reset();
      counter.reset();
      const started = performance.now();
      const response = await handlers[mode](request);
      const ms = performance.now() - started;
      const rounds = counter.rounds();
      await response.arrayBuffer();
      return {
        ms,
        status: response.status,
        upstream: await services.upstream.total(),
        rounds: rounds.length,
        writes: rounds.filter((round) => round.writes).length,
      };
    }

    const samples = { on: [] as number[], off: [] as number[] };
    const upstream = { on: [] as number[], off: [] as number[] };
    const rounds = { on: [] as number[], off: [] as number[] };
    const writes = { on: [] as number[], off: [] as number[] };
    for (let n = 0; n < WARM_UP + MEASURED; n += 1) {
      // Alternating, so that whatever else the machine does falls on both alike.
      for (const mode of n % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const)) {
        const result = await checkout(mode, n, mode === "on" ? await token() : undefined);
        if (result.status !== 201) throw new Error(`checkout ${mode} ${n} answered ${result.status}`);
        if (n >= WARM_UP) {
          samples[mode].push(result.ms);
          upstream[mode].push(result.upstream);
          rounds[mode].push(result.rounds);
          writes[mode].push(result.writes);
        }
      }
    }
    const bot = await checkout("on", -1, undefined);
    if (bot.status !== 403) throw new Error(`a bot without a token was answered ${bot.status}`);

    const floor = median(samples.off);
    const added = median(samples.on) - floor;
    const addedCalls = median(upstream.on) - median(upstream.off);
    const met = added <= GOAL_MS && addedCalls === 0 && bot.upstream === 0;
    console.log(
      `fraud screening: POST /api/checkout median ${median(samples.on).toFixed(2)} ms screened over a floor of ${floor.toFixed(2)} ms, the same checkout unscreened in this run ` +
        `(${MEASURED} each, alternating): screening adds ${added.toFixed(2)} ms, ${median(rounds.on) - median(rounds.off)} of the shop's KV round trips ` +
        `(${median(rounds.on)} against ${median(rounds.off)}; with a write ${median(writes.on)} against ${median(writes.off)}) and ${addedCalls} Partner API calls per checkout; ` +
        `a refused bot makes ${bot.upstream} (goal ≤ ${GOAL_MS} ms and 0 calls: ${met ? "met" : "NOT MET"})`,
    );
  } finally {
    await services.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
