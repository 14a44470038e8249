// What screening costs POST /api/checkout in KV round trips: none. The same checkout, with the
// demo's screening (rules, blocklist, breaker, the emulated Turnstile's siteverify on the same
// KV, the velocity script) and without, behind the sale check as the shop runs it, counted in
// rounds (tests/support/kv/kv-rounds.ts). Screening's reads ride on the quote's rounds and its
// one write (the velocity count) on the sale check's hold; each round on Upstash or Redis is a
// network round trip, and on the embedded store a round with a write is a commit.
import { describe, expect, it } from "vitest";
import { postCheckout, type PostCheckoutDeps } from "@/lib/checkout/http/post-checkout";
import { kvBlocklist } from "@/lib/fraud/kv-blocklist";
import { checkoutScreening } from "@/lib/fraud/screen-checkout";
import { route } from "@/lib/http/route";
import type { AlertsPort } from "@/lib/operations/alerts-port";
import type { OperationsDeps } from "@/lib/operations/partner-balance";
import { readSaleCheck } from "@/lib/operations/sale-check";
import { countRequest } from "@/lib/rate-limit/count-request";
import { countingBalance } from "@/lib/shop/balance-counting";
import { screeningCaps } from "@/lib/shop/fraud-caps";
import { createTurnstileSandbox, SANDBOX_SECRET_KEY, SANDBOX_SITE_KEY } from "@/lib/turnstile-sandbox/turnstile-sandbox";
import { RESERVED_VOUCHER } from "@/tests/support/checkout/checkout-harness";
import { checkoutApiPerTest } from "@/tests/support/checkout/checkout-api-world";
import { countKvRounds, type KvRound } from "@/tests/support/kv/kv-rounds";

const SHOP = "https://shop.test";
const setup = checkoutApiPerTest();

async function world() {
  const w = await setup();
  const { h } = w;
  const alerts: AlertsPort = { raise: async () => undefined, clear: async () => undefined };
  const ops: OperationsDeps = { kv: h.kv, clock: h.timers, client: h.client, upstream: "http-test", ttlMs: 3600_000, alerts };
  const inner = w.deps.start;
  const deps: PostCheckoutDeps = { ...w.deps, start: async () => ({ ...(await inner()), orders: countingBalance(h.deps, ops), readSaleCheck: () => h.run(readSaleCheck(ops)) }) };
  const turnstile = createTurnstileSandbox({ kv: h.kv, clock: h.timers, basePath: "/turnstile-sandbox" });
  // The caps' currency and rates as lib/shop/fraud.ts wires them, on the harness's dollar prices.
  const pricing = { kv: h.kv, upstream: "http-test", clock: h.timers, settings: { storeCurrency: "USD", exchangeRates: {}, markupPercent: "10" } };
  const screen = checkoutScreening({
    kv: h.kv,
    clock: h.timers,
    blocklist: kvBlocklist(h.kv),
    ...screeningCaps(pricing),
    botCheck: { verifyUrl: `${SHOP}/turnstile-sandbox/v0/siteverify`, secret: SANDBOX_SECRET_KEY, hostnames: ["shop.test"], fetch: (input, init) => turnstile.handle(new Request(input, init)), timeoutMs: 5_000 },
    clientIp: () => "203.0.113.7",
    clientCountry: () => "US",
  });
  // As lib/shop/checkout.ts wires it: counted on arrival, asked by the handler before it writes.
  const limit = {
    count: (request: Request) => countRequest({ scope: "checkout", setting: { limit: 100, windowMs: 60_000 }, kv: () => h.kv, clock: h.timers, trust: { kind: "none" } }, request),
    askedBy: "handler" as const,
  };
  async function token(): Promise<string> {
    const answer = await turnstile.handle(
      new Request(`${SHOP}/turnstile-sandbox/v0/token`, { method: "POST", headers: { "content-type": "application/json", origin: SHOP }, body: JSON.stringify({ sitekey: SANDBOX_SITE_KEY, action: "checkout" }) }),
    );
    return ((await answer.json()) as { token: string }).token;
  }
  // Every round the buyer waits for, and the shop's own: without the emulated siteverify's,
  // which a live shop sends to Cloudflare instead.
  const all = countKvRounds(h.kv, (key) => key.startsWith("payments-sandbox:"));
  const shops = countKvRounds(h.kv, (key) => key.startsWith("payments-sandbox:") || key.startsWith("turnstile-sandbox:"));
  let n = 0;
  /** One checkout as the route runs it (its rate limit too), screened or not; its KV rounds. */
  async function rounds(screened: boolean): Promise<{ all: KvRound[]; shops: KvRound[] }> {
    n += 1;
    const body = { voucher_id: RESERVED_VOUCHER, game_id: 10, email: `buyer-${n}@example.com`, ...(screened && { bot_token: await token() }) };
    const post = route({ rateLimit: limit }, (request, _context, gate) => postCheckout(request, { ...deps, later: () => undefined, ...(screened && { screen }) }, gate));
    all.reset();
    shops.reset();
    const response = await h.run(post(new Request(`${SHOP}/api/checkout`, { method: "POST", headers: { "content-type": "application/json", origin: SHOP }, body: JSON.stringify(body) })));
    expect(response.status).toBe(201);
    return { all: [...all.rounds()], shops: [...shops.rounds()] };
  }
  return { rounds };
}

const ops = (rounds: KvRound[]) => rounds.map((round) => round.ops.join(" + "));

describe("screening on the checkout's KV round trips", () => {
  it("adds none: its reads go with the quote's, its velocity count with the sale check's hold", async () => {
    const w = await world();
    // Warm: the catalogue and the balance cached, as a shop's are after its first buyer.
    await w.rounds(false);
    await w.rounds(true);
    const plain = await w.rounds(false);
    const screened = await w.rounds(true);

    // Up to the order's creation: what comes after it (its saves as it advances) screening has no part in.
    const toCreation = (rounds: KvRound[]) => rounds.slice(0, rounds.findIndex((round) => round.ops.includes("run checkout-create-order")) + 1);
    const writes = (rounds: KvRound[]) => rounds.filter((round) => round.writes).length;
    const [before, after] = [toCreation(plain.shops), toCreation(screened.shops)];
    const shown = [...ops(before), "---- screened:", ...ops(after)].join("\n");

    // Not one round more for the buyer to wait for, and not one more with a write.
    expect(before.length, shown).toBe(4);
    expect(after.length - before.length, shown).toBe(0);
    expect(writes(after) - writes(before), shown).toBe(0);
    // Its reads with the rate limit's count and the quote's first reads; its count with the sale's hold.
    for (const read of ["get fraud:rules", "zRangeByScore fraud:blocklist", "get fraud:breaker", "gameslist"]) expect(ops(after)[0], shown).toContain(read);
    expect(ops(after).find((round) => round.includes("run fraud-velocity")), shown).toContain("run operations-hold-sale");
    // The emulated siteverify (Cloudflare's own in a live shop) spends the token before the hold.
    const spent = screened.all.findIndex((round) => round.ops.includes("run turnstile-sandbox-spend-token"));
    expect(spent, ops(screened.all).join("\n")).toBeLessThan(screened.all.findIndex((round) => round.ops.includes("run operations-hold-sale")));
  });
});
