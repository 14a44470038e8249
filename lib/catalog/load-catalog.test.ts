import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createKv } from "@/lib/kv/get-kv";
import type { Kv } from "@/lib/kv/kv";
import { createPartnerClient } from "@/lib/partner/client";
import { createSandbox, type Sandbox } from "@/lib/sandbox/create-sandbox";
import { loadFixture } from "@/lib/sandbox/fixture/load-fixture";
import type { Result } from "@/lib/result";
import { loadCatalog, loadProductDetail, type CatalogDeps } from "./load-catalog";
import { settingsRules } from "@/tests/support/pricing-rules";

const TTL_MS = 300_000;
const policy = settingsRules({ storeCurrency: "USD", exchangeRates: {}, markupPercent: "10" });

/** Upstream calls by path, and switches that make upstream fail the way the spec says it can. */
interface Upstream {
  calls: Map<string, number>;
  down: boolean;
  noVouchersFor: Set<number>;
  failVouchersFor: Set<number>;
}

function count(upstream: Upstream, path: string): number {
  return upstream.calls.get(path) ?? 0;
}

/** The value of a read that must have succeeded. */
async function must<T>(read: Promise<Result<T, unknown>>): Promise<T> {
  const result = await read;
  if (!result.ok) throw new Error(`expected a catalogue, got ${JSON.stringify(result.error)}`);
  return result.value;
}

describe("catalogue through the KV cache", () => {
  let dir: string;
  let kv: Kv;
  let sandbox: Sandbox;
  let now: number;
  let upstream: Upstream;
  let deps: CatalogDeps;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "catalog-"));
    kv = await createKv({ driver: "embedded", dir });
    sandbox = createSandbox({ fixture: await loadFixture() });
    now = Date.UTC(2026, 10, 22, 12);
    upstream = { calls: new Map(), down: false, noVouchersFor: new Set(), failVouchersFor: new Set() };
    const fetchUpstream = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      upstream.calls.set(url.pathname, count(upstream, url.pathname) + 1);
      if (upstream.down && url.pathname !== "/api/auth/login") {
        return Response.json({ success: false, error: 503, error_text: "service temporarily unavailable" }, { status: 503 });
      }
      if (url.pathname === "/api/voucher_available" && upstream.failVouchersFor.has(Number(url.searchParams.get("game_id")))) {
        return Response.json({ success: false, error: 503, error_text: "service temporarily unavailable" }, { status: 503 });
      }
      if (url.pathname === "/api/voucher_available" && upstream.noVouchersFor.has(Number(url.searchParams.get("game_id")))) {
        return Response.json({ success: false, error: 102, error_text: "no available vouchers" }, { status: 404 });
      }
      return sandbox.handle(request);
    };
    const client = createPartnerClient({
      baseUrl: "http://upstream.test",
      login: "demo",
      apiKey: "demo-key",
      fetch: fetchUpstream,
      retries: 0,
    });
    deps = { client, kv, clock: { now: () => now }, ttlMs: TTL_MS, upstream: "test-upstream", policy };
  });

  afterEach(async () => {
    sandbox.close();
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads upstream once, then serves hits from KV with no upstream call", async () => {
    const first = await must(loadCatalog(deps));
    expect(first.products.length).toBeGreaterThanOrEqual(30);
    expect(first.stale).toBe(false);
    expect(count(upstream, "/api/gameslist")).toBe(1);
    const voucherReads = count(upstream, "/api/voucher_available");
    expect(voucherReads).toBeGreaterThan(0);

    upstream.calls.clear();
    const again = await must(loadCatalog(deps));
    const detail = await must(loadProductDetail(deps, 432));
    expect(again.products).toEqual(first.products);
    expect(detail?.denominations.length).toBeGreaterThan(0);
    expect([...upstream.calls.keys()]).toEqual([]);
  });

  it("prices denominations and shows the cheapest as the card's from-price", async () => {
    const snapshot = await must(loadCatalog(deps));
    const detail = await must(loadProductDetail(deps, 432));
    const prices = detail!.denominations.filter((d) => d.available).map((d) => d.price!.minor);
    expect(snapshot.fromPrices[432]).toEqual({ minor: Math.min(...prices), currency: "USD" });
    // 60 Crystals cost upstream its `amount`; retail adds 10 % and rounds up to the cent.
    const first = detail!.denominations[0]!;
    expect(first.price!.currency).toBe("USD");
    expect(first.price!.minor).toBeGreaterThan(0);
  });

  it("refreshes an expired copy once however many requests arrive together", async () => {
    await must(loadCatalog(deps));
    upstream.calls.clear();
    now += TTL_MS + 1;

    const results = await Promise.all(Array.from({ length: 20 }, () => must(loadCatalog(deps))));

    expect(results.every((r) => r.products.length >= 30)).toBe(true);
    expect(count(upstream, "/api/gameslist")).toBe(1);
  });

  it("keeps the last good copy on screen, marked stale, while upstream is down", async () => {
    const good = await must(loadCatalog(deps));
    const goodDetail = await must(loadProductDetail(deps, 432));
    upstream.down = true;
    now += TTL_MS + 1;

    const snapshot = await must(loadCatalog(deps));
    const detail = await must(loadProductDetail(deps, 432));

    expect(snapshot.stale).toBe(true);
    expect(snapshot.products.map((p) => p.id)).toEqual(good.products.map((p) => p.id));
    expect(detail?.stale).toBe(true);
    expect(detail?.denominations).toEqual(goodDetail?.denominations);

    // Back up: the next refresh (soon, not a whole TTL later) clears the mark.
    upstream.down = false;
    now += 31_000;
    expect((await must(loadCatalog(deps))).stale).toBe(false);
  });

  it("answers catalog_unavailable, not an empty shop or 'not found', when upstream is down and nothing was cached", async () => {
    upstream.down = true;
    const catalog = await loadCatalog(deps);
    expect(catalog).toMatchObject({ ok: false, error: { code: "catalog_unavailable" } });
    // The games list failed: nothing else was asked.
    expect(count(upstream, "/api/gameslist")).toBe(1);
    expect(count(upstream, "/api/voucher_available")).toBe(0);
    // Product 432 exists upstream: an outage is not a 404.
    expect(await loadProductDetail(deps, 432)).toMatchObject({ ok: false, error: { code: "catalog_unavailable" } });
  });

  it("shows one product whose vouchers fail (503) as out of stock, without the stale banner", async () => {
    upstream.failVouchersFor.add(432);
    const snapshot = await must(loadCatalog(deps));
    expect(snapshot.products.find((p) => p.id === 432)).toMatchObject({ available: false, unavailableReason: "temporarily_unavailable" });
    expect(snapshot.stale).toBe(false);
    const detail = await must(loadProductDetail(deps, 432));
    expect(detail).toMatchObject({ stale: false, denominations: [], product: { available: false } });
  });

  it("shows a service with no vouchers (102) as having nothing to sell", async () => {
    upstream.noVouchersFor.add(432);
    const snapshot = await must(loadCatalog(deps));
    const product = snapshot.products.find((p) => p.id === 432);
    expect(product).toMatchObject({ available: false, unavailableReason: "no_denominations" });
    expect(snapshot.fromPrices[432]).toBeUndefined();
    expect(snapshot.stale).toBe(false);
  });

  it("greys out what cannot be priced: a store in EUR with no rate for upstream's USD", async () => {
    deps = { ...deps, policy: settingsRules({ storeCurrency: "EUR", exchangeRates: {}, markupPercent: "10" }) };
    const snapshot = await must(loadCatalog(deps));
    const sellable = snapshot.products.filter((p) => p.available);
    expect(sellable).toEqual([]);
    expect(snapshot.products.filter((p) => p.unavailableReason === "not_priced").length).toBeGreaterThan(20);
    expect(snapshot.fromPrices).toEqual({});

    const priced = await must(loadCatalog({ ...deps, policy: settingsRules({ storeCurrency: "EUR", exchangeRates: { USD: "0.92" }, markupPercent: "10" }) }));
    expect(priced.fromPrices[432]?.currency).toBe("EUR");
  });

  it("returns null for an unknown product", async () => {
    expect(await must(loadProductDetail(deps, 999_999))).toBeNull();
  });
});
