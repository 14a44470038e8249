// "Email me my orders": a buyer who lost their order link asks for it by address. The answer is
// the same whether or not the address has orders (nothing on it tells an asker who bought
// here), the links go only to that address, after the answer, and both the address and the
// asker's IP are rate limited.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CatalogDeps } from "@/lib/catalog/load-catalog";
import { postCheckout, type CheckoutCreated, type PostCheckoutDeps } from "@/lib/checkout/http/post-checkout";
import { postOrderLinks, type PostOrderLinksDeps } from "@/lib/checkout/http/post-order-links";
import { sendOrderLinks } from "@/lib/checkout/order-links";
import { orderIdFactory } from "@/lib/checkout/order-id";
import { route, type RateLimitNeed } from "@/lib/http/route";
import { createMailer } from "@/lib/mail/mailer";
import { hitFixedWindow } from "@/lib/rate-limit/fixed-window";
import { countRequest } from "@/lib/rate-limit/count-request";
import { clientIpTrust } from "@/lib/config/client-ip-trust";
import { parseEnv } from "@/lib/config/env";
import { orderPath } from "@/lib/shop/checkout";
import { RESERVED_VOUCHER, harnessPerTest } from "@/tests/support/checkout/checkout-harness";
import { settingsRules } from "@/tests/support/pricing-rules";

// The per-IP limit believes the one proxy in front of the shop (lib/rate-limit/client-ip.ts).
vi.stubEnv("TRUSTED_PROXY_HOPS", "1");

const newHarness = harnessPerTest();
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Quoted-printable undone, so the test reads the mail as the buyer does. */
function decode(eml: string): string {
  const soft = eml.replace(/=\r?\n/g, "");
  return Buffer.from(soft.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8");
}

async function setup(limits = { perAddress: 3, perIp: 10 }) {
  const h = await newHarness(undefined, { payments: "sandbox" });
  const catalog: CatalogDeps = { client: h.client, kv: h.kv, clock: h.timers, ttlMs: 300_000, upstream: "links-test", policy: settingsRules({ storeCurrency: "USD", exchangeRates: {}, markupPercent: "10" }) };
  const outbox = mkdtempSync(join(tmpdir(), "outbox-"));
  dirs.push(outbox);
  const mailer = createMailer({ from: "Shop <orders@shop.test>", outboxDir: outbox });
  const later: (() => Promise<unknown>)[] = [];
  const checkoutDeps: PostCheckoutDeps = {
    start: async () => ({ catalog, orders: h.deps, nextOrderId: orderIdFactory(h.timers), testMode: false }),
    mailer,
    publicOrigin: "https://shop.test",
    shopName: "Test Shop",
    orderPath,
    later: () => undefined,
  };
  const checkout = async (email: string, locale: "en" | "zh" = "en") => {
    const request = new Request("https://shop.test/api/checkout", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://shop.test" },
      body: JSON.stringify({ voucher_id: RESERVED_VOUCHER, email, locale }),
    });
    const response = await h.run(postCheckout(request, checkoutDeps));
    expect(response.status).toBe(201);
    return (await response.json()) as CheckoutCreated;
  };
  const setting = (limit: number) => ({ limit, windowMs: 3_600_000 });
  const deps: PostOrderLinksDeps = {
    countAddress: async (address) => {
      const decision = await hitFixedWindow(h.kv, h.timers, setting(limits.perAddress), "order-links-address", address);
      return decision.allowed ? null : { retryAfterSeconds: Math.ceil(decision.resetInMs / 1000) };
    },
    send: (email, locale) => sendOrderLinks(email, locale, { kv: h.kv, store: h.deps.store, vault: h.deps.vault, orderLink: (id, key, locale) => `https://shop.test${orderPath(id, key, locale)}`, mailer, shopName: "Test Shop" }),
    later: (task) => later.push(task),
  };
  const perIp: RateLimitNeed = { count: (request) => countRequest({ scope: "order-links", setting: setting(limits.perIp), kv: () => h.kv, clock: h.timers, trust: clientIpTrust(parseEnv({ TRUSTED_PROXY_HOPS: "1" })) }, request) };
  const handler = route({ rateLimit: perIp }, (request: Request) => postOrderLinks(request, deps));
  const ask = async (email: string, ip = "203.0.113.9") => {
    const response = await handler(
      new Request("https://shop.test/api/order-links", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://shop.test", "x-forwarded-for": ip },
        body: JSON.stringify({ email, locale: "en" }),
      }),
    );
    return { status: response.status, body: (await response.json()) as unknown, sent: [...later] };
  };
  const runLater = () => Promise.all(later.splice(0).map((task) => task()));
  const mails = () => readdirSync(outbox).sort().map((file) => decode(readFileSync(join(outbox, file), "utf8")));
  return { h, checkout, ask, runLater, mails };
}

describe("email me my orders", () => {
  it("answers an address with orders exactly as one without, and mails nothing before answering", async () => {
    const { checkout, ask, mails } = await setup();
    await checkout("buyer@example.com");
    const known = await ask("buyer@example.com");
    const unknown = await ask("nobody@example.com");
    expect(known.status).toBe(202);
    expect(unknown).toEqual({ ...known, sent: unknown.sent });
    expect(known.body).toEqual(unknown.body);
    // The lookup itself waits for after the answer, for both.
    expect(known.sent).toHaveLength(1);
    expect(unknown.sent).toHaveLength(2);
    expect(mails()).toEqual([]);
    expect(JSON.stringify(known.body)).not.toMatch(/orders\/|key=/);
  });

  it("mails the address the links to its orders, in the language asked, and nobody else anything about them", async () => {
    const { checkout, ask, runLater, mails } = await setup();
    const first = await checkout("Buyer@Example.com");
    const second = await checkout("buyer@example.com", "zh");
    await checkout("someone-else@example.com");
    await ask(" BUYER@example.com ");
    await runLater();
    const sent = mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^To: BUYER@example\.com$/m);
    // Each order's own page: the first bought in English, the second in Chinese.
    expect(sent[0]).toContain(first.order_url);
    expect(second.order_url).toContain("/zh/orders/");
    expect(sent[0]).toContain(second.order_url);
    expect(sent[0]).not.toContain("someone-else");
  });

  it("tells an address without orders that it has none, with no link", async () => {
    const { ask, runLater, mails } = await setup();
    await ask("nobody@example.com");
    await runLater();
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toContain("we have none");
    expect(mails()[0]).not.toContain("/orders/");
  });

  it("refuses an address past its limit from any IP, the same for known and unknown addresses", async () => {
    const { checkout, ask } = await setup({ perAddress: 2, perIp: 100 });
    await checkout("buyer@example.com");
    for (const email of ["buyer@example.com", "nobody@example.com"]) {
      expect((await ask(email, "198.51.100.1")).status).toBe(202);
      expect((await ask(email.toUpperCase(), "198.51.100.2")).status).toBe(202);
      const third = await ask(email, "198.51.100.3");
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({ error: "rate_limited" });
    }
  });

  it("refuses an IP past its limit whatever addresses it asks for", async () => {
    const { ask } = await setup({ perAddress: 100, perIp: 2 });
    expect((await ask("a@example.com")).status).toBe(202);
    expect((await ask("b@example.com")).status).toBe(202);
    const third = await ask("c@example.com");
    expect(third.status).toBe(429);
    expect((await ask("d@example.com", "192.0.2.7")).status).toBe(202);
  });

  it("says which field is wrong for an address that is none, and sends nothing", async () => {
    const { ask, runLater, mails } = await setup();
    const bad = await ask("not an address");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "invalid", field: "email" });
    await runLater();
    expect(mails()).toEqual([]);
  });
});
