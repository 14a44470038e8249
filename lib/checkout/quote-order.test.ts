// Quoting a checkout from the catalogue cache: the price is frozen on the order and a pay-first
// order has no later guard (upstream debits today's cost), so a copy kept through an upstream
// outage must not be quoted from.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CatalogDeps } from "@/lib/catalog/load-catalog";
import { createKv } from "@/lib/kv/get-kv";
import type { Kv } from "@/lib/kv/kv";
import { createPartnerClient } from "@/lib/partner/client";
import { createSandbox, type Sandbox } from "@/lib/sandbox/create-sandbox";
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";
import type { Fixture } from "@/lib/sandbox/fixture/schema";
import { checkoutRequestSchema } from "./checkout-request";
import { quoteOrder } from "./quote-order";
import { compileRules } from "@/lib/pricing/compile-rules";
import { settingsRules } from "@/tests/support/pricing-rules";

const TTL_MS = 300_000;
/** Service 451 sells voucher codes without a reservation: the pay-first flow. */
const PAY_FIRST_VOUCHER = { game_id: 451, voucher_id: 45101 };
/** Service 1 is a balance top-up (3 % discount): always pay first. */
const TOP_UP = { game_id: 1, amount: "10", account: "wallet-1" };

const request = (body: object) => checkoutRequestSchema.parse({ ...body, email: "b@example.com" });

describe("quoteOrder and the age of the catalogue copy", () => {
  let dir: string;
  let kv: Kv;
  let fixture: Fixture;
  let sandbox: Sandbox;
  let now: number;
  let down: boolean;
  let calls: string[];
  let deps: CatalogDeps;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "quote-"));
    kv = await createKv({ driver: "embedded", dir });
    fixture = await loadFixture();
    sandbox = createSandbox({ fixture });
    now = Date.UTC(2026, 10, 22, 12);
    down = false;
    calls = [];
    const client = createPartnerClient({
      baseUrl: "http://upstream.test",
      login: "demo",
      apiKey: "demo-key",
      retries: 0,
      fetch: async (input, init) => {
        const upstreamRequest = new Request(input, init);
        const path = new URL(upstreamRequest.url).pathname;
        calls.push(path);
        if (down && path !== "/api/auth/login") {
          return Response.json({ success: false, error: 503, error_text: "service temporarily unavailable" }, { status: 503 });
        }
        return sandbox.handle(upstreamRequest);
      },
    });
    deps = {
      client,
      kv,
      clock: { now: () => now },
      ttlMs: TTL_MS,
      upstream: "quote-test",
      policy: settingsRules({ storeCurrency: "USD", exchangeRates: {}, markupPercent: "10" }),
    };
  });

  afterEach(async () => {
    sandbox.close();
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function setUpstreamCost(voucherId: number, amount: number): void {
    const voucher = fixture.services.flatMap((s) => s.vouchers).find((v) => v.voucher_id === voucherId);
    if (!voucher) throw new Error(`no voucher ${voucherId} in the fixture`);
    voucher.amount = amount;
  }

  it("quotes a pay-first voucher from a fresh copy", async () => {
    const quoted = await quoteOrder(deps, request(PAY_FIRST_VOUCHER), { maxAgeMs: TTL_MS });
    expect(quoted).toMatchObject({ ok: true, value: { flow: "pay_first", quote: { cost: { minor: 284, currency: "USD" }, ruleVersion: 1 } } });
  });

  it("refuses a voucher the pricing rules will not sell (below the minimum margin) as unavailable", async () => {
    const strict = compileRules({ ...deps.policy.source, version: 2, global: { ...deps.policy.source.global, minMargin: { minor: 100_000, percent: "0" } } });
    const quoted = await quoteOrder({ ...deps, policy: strict }, request(PAY_FIRST_VOUCHER), { maxAgeMs: TTL_MS });
    expect(quoted).toMatchObject({ ok: false, error: { code: "unavailable" } });
  });

  it("refuses a pay-first voucher while only a copy older than the bound is kept (upstream down)", async () => {
    await quoteOrder(deps, request(PAY_FIRST_VOUCHER), { maxAgeMs: TTL_MS });
    down = true;
    now += 2 * 3600_000;

    const quoted = await quoteOrder(deps, request(PAY_FIRST_VOUCHER), { maxAgeMs: TTL_MS });

    expect(quoted).toMatchObject({ ok: false, error: { code: "catalog_unavailable" } });
    if (!quoted.ok) expect(quoted.error.message).toMatch(/prices could not be confirmed/i);
  });

  it("refuses a top-up priced on an old copy of the service's discount (upstream down)", async () => {
    await quoteOrder(deps, request(TOP_UP), { maxAgeMs: TTL_MS });
    down = true;
    now += TTL_MS + 1;

    expect(await quoteOrder(deps, request(TOP_UP), { maxAgeMs: TTL_MS })).toMatchObject({ ok: false, error: { code: "catalog_unavailable" } });
  });

  it("re-quotes at today's cost once the copy has expired and upstream answers", async () => {
    await quoteOrder(deps, request(PAY_FIRST_VOUCHER), { maxAgeMs: TTL_MS });
    setUpstreamCost(45101, 3.5);
    now += TTL_MS + 1;
    calls = [];

    const quoted = await quoteOrder(deps, request(PAY_FIRST_VOUCHER), { maxAgeMs: TTL_MS });

    expect(quoted).toMatchObject({ ok: true, value: { quote: { cost: { minor: 350, currency: "USD" } } } });
    expect(calls.filter((path) => path !== "/api/auth/login")).toEqual(["/api/gameslist", "/api/voucher_available"]);
  });

  it("takes a copy as old as the owner allows", async () => {
    await quoteOrder(deps, request(PAY_FIRST_VOUCHER), { maxAgeMs: TTL_MS });
    down = true;
    now += TTL_MS + 1;

    expect(await quoteOrder(deps, request(PAY_FIRST_VOUCHER), { maxAgeMs: 3600_000 })).toMatchObject({ ok: true });
  });
});
