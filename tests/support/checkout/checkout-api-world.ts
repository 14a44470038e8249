// POST /api/checkout's dependencies as the route wires them, on the checkout harness with the
// payments sandbox: the catalogue from the harness's upstream, order emails to a temporary
// outbox. Call the returned function inside each test; outboxes are removed after it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import type { CatalogDeps } from "@/lib/catalog/load-catalog";
import type { PostCheckoutDeps } from "@/lib/checkout/http/post-checkout";
import { orderIdFactory } from "@/lib/checkout/order-id";
import { orderPath } from "@/lib/shop/checkout";
import { createMailer } from "@/lib/mail/mailer";
import { settingsRules } from "@/tests/support/pricing-rules";
import { harnessPerTest, type CheckoutHarness } from "./checkout-harness";
import type { SampleFixture } from "@/tests/support/sandbox/sample-fixture";

export interface CheckoutApiWorld {
  h: CheckoutHarness;
  catalog: CatalogDeps;
  deps: PostCheckoutDeps;
  outbox: string;
}

/** `mutate` changes the Partner sandbox's fixture first (a partner balance, say). */
export function checkoutApiPerTest(): (mutate?: (fixture: SampleFixture) => void) => Promise<CheckoutApiWorld> {
  const newHarness = harnessPerTest();
  const outboxes: string[] = [];
  afterEach(() => {
    for (const dir of outboxes.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return async (mutate) => {
    const h = await newHarness(mutate, { payments: "sandbox" });
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
    return { h, catalog, deps, outbox };
  };
}
