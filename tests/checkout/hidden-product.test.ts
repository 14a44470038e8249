// POST /api/checkout refuses what the owner hid, with 409 not_available, even when the buyer's
// page was loaded before: a stale page cannot buy a hidden product or voucher. Nothing is created.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CatalogDeps } from "@/lib/catalog/load-catalog";
import { bulkUpdatePresentation, savePresentation } from "@/lib/catalog/presentation";
import { postCheckout, type PostCheckoutDeps } from "@/lib/checkout/http/post-checkout";
import { orderIdFactory } from "@/lib/checkout/order-id";
import { orderPath } from "@/lib/checkout/shop-checkout";
import { ORDER_KEYS } from "@/lib/checkout/store/order-store";
import { createMailer } from "@/lib/mail/mailer";
import { RESERVED_VOUCHER, harnessPerTest, type CheckoutHarness } from "@/tests/support/checkout/checkout-harness";
import { OWNER, formInput, must } from "@/tests/support/catalog/presentation-world";
import { settingsRules } from "@/tests/support/pricing-rules";

const newHarness = harnessPerTest();
const outboxes: string[] = [];
afterEach(() => {
  for (const dir of outboxes.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function setup(): Promise<{ h: CheckoutHarness; catalog: CatalogDeps; deps: PostCheckoutDeps }> {
  const h = await newHarness(undefined, { payments: "sandbox" });
  const catalog: CatalogDeps = {
    client: h.client,
    kv: h.kv,
    clock: h.timers,
    ttlMs: 300_000,
    upstream: "http-test",
    policy: settingsRules({ storeCurrency: "USD", exchangeRates: {}, markupPercent: "10" }),
  };
  const outbox = mkdtempSync(join(tmpdir(), "outbox-"));
  outboxes.push(outbox);
  const deps: PostCheckoutDeps = {
    start: async () => ({ catalog, orders: h.deps, nextOrderId: orderIdFactory(h.timers), testMode: false }),
    mailer: createMailer({ from: "Shop <orders@shop.test>", outboxDir: outbox }),
    publicOrigin: "https://shop.test",
    shopName: "Test Shop",
    orderPath,
  };
  return { h, catalog, deps };
}

const checkout = (body: unknown) =>
  new Request("https://shop.test/api/checkout", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "https://shop.test" },
    body: JSON.stringify(body),
  });

describe("POST /api/checkout and hidden products", () => {
  it("answers 409 not_available for a hidden product, and sells it again once shown", async () => {
    const { h, catalog, deps } = await setup();
    const body = { voucher_id: RESERVED_VOUCHER, game_id: 10, email: "gamer@example.com" };
    await must(bulkUpdatePresentation(catalog, { action: "hide", ids: [10] }, OWNER));

    const refused = await h.run(postCheckout(checkout(body), deps));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "not_available" });
    expect(await h.kv.zCard(ORDER_KEYS.due)).toBe(0);

    await must(bulkUpdatePresentation(catalog, { action: "show", ids: [10] }, OWNER));
    expect((await h.run(postCheckout(checkout(body), deps))).status).toBe(201);
  });

  it("answers 409 for a hidden voucher of a shown product", async () => {
    const { h, catalog, deps } = await setup();
    await must(savePresentation(catalog, 10, formInput({ hiddenVouchers: [RESERVED_VOUCHER] }), OWNER));
    const refused = await h.run(postCheckout(checkout({ voucher_id: RESERVED_VOUCHER, game_id: 10, email: "gamer@example.com" }), deps));
    expect(refused.status).toBe(409);
    expect(await h.kv.zCard(ORDER_KEYS.due)).toBe(0);
  });
});
