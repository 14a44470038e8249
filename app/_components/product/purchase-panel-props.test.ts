// The purchase panel is a "use client" component: its props are serialised into every product
// page. They must carry prices, never the policy that makes them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadProductDetail, type CatalogDeps } from "@/lib/catalog/load-catalog";
import { createKv } from "@/lib/kv/get-kv";
import type { Kv } from "@/lib/kv/kv";
import { createPartnerClient } from "@/lib/partner/client";
import { createSandbox, type Sandbox } from "@/lib/sandbox/create-sandbox";
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";
import { purchasePanelProps } from "./purchase-panel-props";
import { settingsRules } from "@/tests/support/pricing-rules";

// Distinctive values, so that any leak of them into the serialised props is found.
const MARKUP = "13.5791";
const RATES = { EUR: "1.02468135", JPY: "0.00671357", GBP: "1.27531864" };
const policy = settingsRules({ storeCurrency: "USD", exchangeRates: RATES, markupPercent: MARKUP });

describe("props of the purchase panel", () => {
  let dir: string;
  let kv: Kv;
  let sandbox: Sandbox;
  let deps: CatalogDeps;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "panel-props-"));
    kv = await createKv({ driver: "embedded", dir });
    sandbox = createSandbox({ fixture: await loadFixture() });
    const client = createPartnerClient({
      baseUrl: "http://upstream.test",
      login: "demo",
      apiKey: "demo-key",
      fetch: async (input, init) => sandbox.handle(new Request(input, init)),
      retries: 0,
    });
    deps = { client, kv, clock: { now: () => Date.UTC(2026, 10, 22, 12) }, ttlMs: 300_000, upstream: "test-upstream", policy };
  });

  afterAll(async () => {
    sandbox.close();
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ["a balance top-up", 1],
    ["a voucher with denominations", 426],
  ])("carry no markup, exchange rates or upstream discount for %s", async (_, id) => {
    const detail = await loadProductDetail(deps, id);
    if (!detail.ok || !detail.value) throw new Error(`product ${id} did not load`);
    const props = purchasePanelProps(detail.value);
    const serialised = JSON.stringify(props);
    for (const secret of ["markupPercent", "exchangeRates", "policy", "discountPercent", MARKUP, ...Object.values(RATES)]) {
      expect(serialised).not.toContain(secret);
    }
    expect(props.product.id).toBe(id);
  });

  it("still carry what the buyer needs: denomination prices and the top-up's currency", async () => {
    const load = async (id: number) => {
      const detail = await loadProductDetail(deps, id);
      if (!detail.ok || !detail.value) throw new Error(`product ${id} did not load`);
      return detail.value;
    };
    const voucher = purchasePanelProps(await load(426));
    expect(voucher.denominations.some((d) => d.price?.currency === "USD" && d.price.minor > 0)).toBe(true);
    const balance = purchasePanelProps(await load(1));
    expect(balance.balance).toEqual({ currency: "USD", minMinor: 500, maxMinor: 50_000, presetsMinor: [1000, 2500, 5000] });
  });
});
