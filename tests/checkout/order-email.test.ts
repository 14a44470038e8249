// The order email leaves after the checkout has answered, with KV as its outbox: sent exactly
// once whether the request sends it after answering or dies first and the sweep sends it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CatalogDeps } from "@/lib/catalog/load-catalog";
import { postCheckout, type CheckoutCreated, type PostCheckoutDeps } from "@/lib/checkout/http/post-checkout";
import { orderIdFactory } from "@/lib/checkout/order-id";
import { sweepOrderEmails } from "@/lib/checkout/order-email";
import { orderPath } from "@/lib/shop/checkout";
import { createOrderStore, ORDER_EMAIL_GRACE_MS } from "@/lib/checkout/store/order-store";
import { createMailer, type Mailer } from "@/lib/mail/mailer";
import { RESERVED_VOUCHER, harnessPerTest, type CheckoutHarness } from "@/tests/support/checkout/checkout-harness";
import { settingsRules } from "@/tests/support/pricing-rules";

const newHarness = harnessPerTest();
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A checkout whose after-the-answer tasks are held by the test: run them, or drop them (the process died). */
async function setup() {
  const h = await newHarness(undefined, { payments: "sandbox" });
  const catalog: CatalogDeps = { client: h.client, kv: h.kv, clock: h.timers, ttlMs: 300_000, upstream: "mail-test", policy: settingsRules({ storeCurrency: "USD", exchangeRates: {}, markupPercent: "10" }) };
  const outbox = mkdtempSync(join(tmpdir(), "outbox-"));
  dirs.push(outbox);
  const mailer = createMailer({ from: "Shop <orders@shop.test>", outboxDir: outbox });
  const later: (() => Promise<unknown>)[] = [];
  const deps: PostCheckoutDeps = {
    start: async () => ({ catalog, orders: h.deps, nextOrderId: orderIdFactory(h.timers), testMode: false }),
    mailer,
    publicOrigin: "https://shop.test",
    shopName: "Test Shop",
    orderPath,
    later: (task) => later.push(task),
  };
  const checkout = async () => {
    const request = new Request("https://shop.test/api/checkout", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://shop.test" },
      body: JSON.stringify({ voucher_id: RESERVED_VOUCHER, email: "gamer@example.com" }),
    });
    const response = await h.run(postCheckout(request, deps));
    expect(response.status).toBe(201);
    return (await response.json()) as CheckoutCreated;
  };
  const mails = () => readdirSync(outbox).map((file) => readFileSync(join(outbox, file), "utf8").replace(/=\r?\n/g, "").replaceAll("=3D", "="));
  const sweep = (h2: CheckoutHarness = h, m: Mailer = mailer) => sweepOrderEmails({ ...h2.deps, store: createOrderStore(h2.kv, h2.timers), mailer: m, shopName: "Test Shop" });
  return { h, later, checkout, mails, sweep };
}

describe("the order email", () => {
  it("leaves after the answer, once, with the order link", async () => {
    const { h, later, checkout, mails, sweep } = await setup();
    const created = await checkout();
    // Answered before any email went out.
    expect(mails()).toHaveLength(0);
    await Promise.all(later.splice(0).map((task) => task()));
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toContain(created.order_url);
    await h.timers.advance(ORDER_EMAIL_GRACE_MS + 1_000);
    expect(await sweep()).toMatchObject({ sent: 0 });
    expect(mails()).toHaveLength(1);
  });

  it("is built from the order the checkout holds, without reading it back", async () => {
    const { h, later, checkout, mails } = await setup();
    const created = await checkout();
    const reads = vi.spyOn(h.deps.store, "read");
    await Promise.all(later.splice(0).map((task) => task()));
    expect(reads).not.toHaveBeenCalled();
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toContain(created.order_url);
    expect(mails()[0]).toContain(created.order_id);
  });

  it("is sent exactly once by the sweep when the process died after answering", async () => {
    const { h, later, checkout, mails, sweep } = await setup();
    const created = await checkout();
    later.splice(0); // the process died: nothing after the answer ran
    // Within the grace period the sweep leaves it to the request.
    expect(await sweep()).toMatchObject({ sent: 0 });
    await h.timers.advance(ORDER_EMAIL_GRACE_MS + 1_000);
    // Two instances sweep at once: one sends.
    const reports = await Promise.all([sweep(), sweep()]);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
    expect(await sweep()).toMatchObject({ sent: 0 });
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toContain(created.order_url);
  });

  it("stays pending when sending fails, and goes out on a later sweep", async () => {
    const { h, later, checkout, mails, sweep } = await setup();
    await checkout();
    const refusing: Mailer = { send: async () => ({ ok: false, error: { code: "mail_failed", message: "SMTP down" } }) };
    later.splice(0);
    await h.timers.advance(ORDER_EMAIL_GRACE_MS + 1_000);
    expect(await sweep(h, refusing)).toMatchObject({ failed: 1 });
    // The failed sender's claim lapses; the next sweep sends.
    await h.timers.advance(61_000);
    expect(await sweep()).toMatchObject({ sent: 1 });
    expect(mails()).toHaveLength(1);
  });
});
