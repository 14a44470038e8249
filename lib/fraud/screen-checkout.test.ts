// Screening against the demo's emulated Turnstile, in process: the same verifier code a live
// shop runs against Cloudflare, only the URL and keys differ.
import { describe, expect, it, vi } from "vitest";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { createTurnstileSandbox, SANDBOX_SECRET_KEY, SANDBOX_SITE_KEY } from "@/lib/turnstile-sandbox/turnstile-sandbox";
import type { Money } from "@/lib/money";
import { breakerClosedBy, breakerOpen, closeBreaker, recordDecline } from "./breaker";
import type { CapsRate } from "./caps-currency";
import { DEFAULT_FRAUD_RULES, type FraudRules } from "./fraud-rules";
import { kvBlocklist } from "./kv-blocklist";
import { listRefusals } from "./refusal-log";
import { checkoutScreening, STRICT_CHECKOUT_ACTION, type ScreeningDeps } from "./screen-checkout";
import { verifyBotToken } from "./verify-bot-token";

const SHOP = "https://shop.test";
const PRICE = { minor: 1_000, currency: "USD" };

/** `caps`: the currency the owner set the amount caps in, and the rate the prices give into another. */
function world(rules: Partial<FraudRules> = {}, caps: { currency: string; rate: CapsRate | null } = { currency: "USD", rate: null }) {
  let now = 1_700_000_000_000;
  const clock = { now: () => now };
  const kv = createMemoryKv({ now: () => now });
  const sandbox = createTurnstileSandbox({ kv, clock, basePath: "/turnstile-sandbox" });
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => sandbox.handle(new Request(input, init)));
  const botCheck = { verifyUrl: `${SHOP}/turnstile-sandbox/v0/siteverify`, secret: SANDBOX_SECRET_KEY, hostnames: ["shop.test"], fetch, timeoutMs: 1_000 };
  const blocklist = kvBlocklist(kv);
  const current = { ...DEFAULT_FRAUD_RULES, ...rules };
  const capsRate = vi.fn<ScreeningDeps["capsRate"]>(async () => caps.rate);
  const screen = checkoutScreening({ kv, clock, blocklist, rules: async () => ({ rules: current, currency: caps.currency }), capsRate, botCheck, clientIp: () => "203.0.113.5", clientCountry: () => "US" });
  async function token(options: { action?: string; origin?: string; sitekey?: string } = {}): Promise<string> {
    const answer = await sandbox.handle(
      new Request(`${SHOP}/turnstile-sandbox/v0/token`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: options.origin ?? SHOP },
        body: JSON.stringify({ sitekey: options.sitekey ?? SANDBOX_SITE_KEY, action: options.action ?? "checkout" }),
      }),
    );
    return ((await answer.json()) as { token: string }).token;
  }
  /** Judged, then counted as the checkout counts it with its first write; the count's withdrawal for the caller. */
  async function counted(botToken: string | undefined, email = "buyer@shop.test", price: Money = PRICE) {
    const judged = await screen.begin(new Request(`${SHOP}/api/checkout`, { method: "POST" }), { email, bot_token: botToken }).judge(price);
    return judged.ok ? judged.value() : judged;
  }
  const check = async (botToken: string | undefined, email?: string, price?: Money) => {
    const answer = await counted(botToken, email, price);
    return answer.ok ? { ok: true as const, value: undefined } : answer;
  };
  return { kv, clock, fetch, botCheck, blocklist, token, check, counted, capsRate, advance: (ms: number) => (now += ms), rules: current };
}

describe("the bot check against the emulated siteverify", () => {
  it("passes a fresh token once, with the host and action it was solved for", async () => {
    const w = world();
    const token = await w.token();
    expect(await verifyBotToken(w.botCheck, { token, remoteIp: "203.0.113.5", actions: ["checkout"] })).toEqual({ ok: true, value: "checkout" });
    expect(await verifyBotToken(w.botCheck, { token, remoteIp: null, actions: ["checkout"] })).toEqual({ ok: false, error: { code: "refused", errors: ["timeout-or-duplicate"] } });
    const body = JSON.parse(String(w.fetch.mock.calls[0]?.[1]?.body)) as Record<string, string>;
    expect(body).toMatchObject({ secret: SANDBOX_SECRET_KEY, response: token, remoteip: "203.0.113.5" });
    expect(body.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses a token solved on another site, for another action, expired, made up or missing", async () => {
    const w = world();
    expect(await verifyBotToken(w.botCheck, { token: await w.token({ origin: "https://evil.test" }), remoteIp: null, actions: ["checkout"] })).toMatchObject({ ok: false, error: { code: "wrong_hostname", hostname: "evil.test" } });
    expect(await verifyBotToken(w.botCheck, { token: await w.token({ action: "login" }), remoteIp: null, actions: ["checkout"] })).toMatchObject({ ok: false, error: { code: "wrong_action" } });
    const old = await w.token();
    w.advance(301_000);
    expect(await verifyBotToken(w.botCheck, { token: old, remoteIp: null, actions: ["checkout"] })).toMatchObject({ ok: false, error: { errors: ["timeout-or-duplicate"] } });
    expect(await verifyBotToken(w.botCheck, { token: "XXXX.made.up", remoteIp: null, actions: ["checkout"] })).toMatchObject({ ok: false, error: { errors: ["invalid-input-response"] } });
    expect(await verifyBotToken(w.botCheck, { token: undefined, remoteIp: null, actions: ["checkout"] })).toEqual({ ok: false, error: { code: "missing" } });
    expect(await verifyBotToken({ ...w.botCheck, secret: "wrong" }, { token: await w.token(), remoteIp: null, actions: ["checkout"] })).toMatchObject({ ok: false, error: { errors: ["invalid-input-secret"] } });
  });

  it("answers a retry under the same idempotency key as the first time, not as spent", async () => {
    const w = world();
    const token = await w.token();
    let calls = 0;
    const lossy = { ...w.botCheck, fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await w.fetch(input, init);
      calls += 1;
      if (calls === 1) throw new Error("reply lost");
      return answer;
    } };
    expect(await verifyBotToken(lossy, { token, remoteIp: null, actions: ["checkout"] })).toEqual({ ok: true, value: "checkout" });
  });
});

describe("checkoutScreening", () => {
  it("takes a checkout with a valid token, and refuses one without, recording why for the owner only", async () => {
    const w = world();
    expect(await w.check(await w.token())).toEqual({ ok: true, value: undefined });
    const refused = await w.check(undefined);
    expect(refused).toEqual({ ok: false, error: { code: "bot_check_failed", message: expect.stringContaining("nothing was charged") } });
    const [latest] = await listRefusals(w.kv, 5);
    expect(latest).toMatchObject({ rule: "bot_check", detail: { kind: "botMissing", values: {} }, email: "buyer@shop.test", ip: "203.0.113.5", country: "US" });
  });

  it("refuses a blocked buyer and one over a cap with the same words", async () => {
    const w = world({ firstHourOrders: 1 });
    await w.blocklist.block({ kind: "email_domain", value: "*.mailinator.test", reason: "disposable", by: "owner", at: 1 });
    const blocked = await w.check(await w.token(), "x@a.mailinator.test");
    expect(await w.check(await w.token())).toEqual({ ok: true, value: undefined });
    const capped = await w.check(await w.token());
    expect(blocked).toMatchObject({ ok: false, error: { code: "order_refused" } });
    expect(capped).toEqual(blocked);
    expect((await listRefusals(w.kv, 5)).map((r) => [r.rule, r.detail])).toEqual([
      ["firstHourOrders", { kind: "overCap", values: { cap: "firstHourOrders" } }],
      ["blocklist", { kind: "blockedBecause", values: { blockKind: "email_domain", value: "*.mailinator.test", reason: "disposable" } }],
    ]);
  });

  it("screens a price in the caps' own currency without asking for a rate", async () => {
    const w = world({ firstHourAmount: 10 });
    expect(await w.check(await w.token(), "a@shop.test", { minor: 1_000, currency: "USD" })).toEqual({ ok: true, value: undefined });
    expect(await w.check(await w.token(), "b@shop.test", { minor: 1_001, currency: "USD" })).toMatchObject({ ok: false, error: { code: "order_refused" } });
    expect(w.capsRate).not.toHaveBeenCalled();
  });

  it("screens a price in another currency against the caps converted at the prices' rate, rounded down", async () => {
    // $150 at 150.75 yen to the dollar is ¥22,612.5: the cap is ¥22,612, never a yen more than the owner allowed.
    const w = world({ firstHourAmount: 150 }, { currency: "USD", rate: { n: 15_075n, d: 100n } });
    expect(await w.check(await w.token(), "a@shop.test", { minor: 22_612, currency: "JPY" })).toEqual({ ok: true, value: undefined });
    expect(await w.check(await w.token(), "b@shop.test", { minor: 22_613, currency: "JPY" })).toMatchObject({ ok: false, error: { code: "order_refused" } });
    expect(w.capsRate).toHaveBeenCalledWith("USD", "JPY");
    expect((await listRefusals(w.kv, 1))[0]).toMatchObject({ rule: "firstHourAmount" });
  });

  it("refuses a price its caps cannot be said in, naming why for the owner only", async () => {
    const w = world({}, { currency: "EUR", rate: null });
    expect(await w.check(await w.token(), "a@shop.test", { minor: 1_617, currency: "JPY" })).toEqual({ ok: false, error: { code: "order_refused", message: expect.stringContaining("nothing was charged") } });
    expect((await listRefusals(w.kv, 1))[0]).toMatchObject({ rule: "caps_currency", detail: { kind: "capsCurrency", values: { caps: "EUR", price: "JPY" } } });
  });

  it("takes back a count the shop did not keep, so the buyer's next try has the room again", async () => {
    const w = world({ firstHourOrders: 1 });
    const first = await w.counted(await w.token());
    expect(first.ok).toBe(true);
    if (first.ok) await first.value.withdraw();
    expect(await w.check(await w.token())).toEqual({ ok: true, value: undefined });
    expect(await w.check(await w.token())).toMatchObject({ ok: false, error: { code: "order_refused" } });
  });

  it("while the breaker is open, asks for the strict check or pauses, as the owner's rule says", async () => {
    const w = world({ breakerDeclines: 3 });
    const alert = vi.fn(async () => undefined);
    for (let i = 0; i < 3; i += 1) await recordDecline({ kv: w.kv, clock: w.clock, rules: async () => w.rules, alertOwner: alert });
    await recordDecline({ kv: w.kv, clock: w.clock, rules: async () => w.rules, alertOwner: alert });
    expect(alert).toHaveBeenCalledTimes(1);
    expect(await w.check(await w.token())).toMatchObject({ ok: false, error: { code: "challenge_required" } });
    expect(await w.check(await w.token({ action: STRICT_CHECKOUT_ACTION }))).toEqual({ ok: true, value: undefined });
    w.rules.breakerAction = "pause";
    expect(await w.check(await w.token({ action: STRICT_CHECKOUT_ACTION }))).toMatchObject({ ok: false, error: { code: "checkout_paused" } });
    // Quiet for the quiet period: it closes by itself.
    w.advance(w.rules.breakerQuietMinutes * 60_000 + 1);
    expect(await w.check(await w.token())).toEqual({ ok: true, value: undefined });
  });

  it("keeps who closed the breaker by hand until it opens again; a second close changes nothing", async () => {
    const w = world({ breakerDeclines: 2 });
    const trip = () => recordDecline({ kv: w.kv, clock: w.clock, rules: async () => w.rules, alertOwner: async () => undefined });
    expect(await closeBreaker(w.kv, { by: "owner@shop.test", at: 1 })).toBe(false);
    expect(await breakerClosedBy(w.kv)).toBeNull();
    await trip();
    await trip();
    expect(await breakerOpen(w.kv)).toBe(true);
    expect(await closeBreaker(w.kv, { by: "owner@shop.test", at: 2 })).toBe(true);
    expect(await closeBreaker(w.kv, { by: "other@shop.test", at: 3 })).toBe(false);
    expect(await breakerClosedBy(w.kv)).toEqual({ by: "owner@shop.test", at: 2 });
    await trip();
    expect(await breakerOpen(w.kv)).toBe(true);
    expect(await breakerClosedBy(w.kv)).toBeNull();
  });

  it("does not trip the breaker on declines spread wider than the window", async () => {
    const w = world({ breakerDeclines: 3, breakerWindowMinutes: 5 });
    const alert = vi.fn(async () => undefined);
    for (let i = 0; i < 6; i += 1) {
      expect((await recordDecline({ kv: w.kv, clock: w.clock, rules: async () => w.rules, alertOwner: alert })).open).toBe(false);
      w.advance(3 * 60_000);
    }
    expect(alert).not.toHaveBeenCalled();
  });
});
