import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Product, ProductDetail } from "@/lib/catalog/types";
import { catalogUnavailable } from "@/lib/catalog/catalog-unavailable";
import { CatalogUnavailableError } from "@/lib/catalog/catalog-unavailable-error";
import { settingsRules } from "@/tests/support/pricing-rules";

const getProductDetail = vi.fn();
vi.mock("@/lib/shop/get-product-detail", () => ({ getProductDetail }));
vi.mock("@/lib/shop/pricing", () => ({
  shopPricingRules: async () => settingsRules({ storeCurrency: "USD", exchangeRates: { JPY: "0.0067" }, markupPercent: "10" }),
}));
const { GET } = await import("./route");

const product: Product = {
  id: 7,
  slug: "yen-wallet",
  name: "Yen Wallet",
  names: { en: "Yen Wallet", zh: "Yen Wallet" },
  brand: "Yen Wallet",
  country: "JP",
  region: null,
  platform: null,
  description: null,
  summaries: { en: null, zh: null },
  image: null,
  featured: false,
  sortOrder: null,
  type: "balance",
  currency: "JPY",
  discountPercent: 0,
  minAmountMinor: null,
  maxAmountMinor: null,
  topUpPresetsMinor: null,
  deliveryTargetMinutes: 5,
  deliveryMaxMinutes: 60,
  playerCheck: false,
  reservable: false,
  autoActivation: false,
  available: true,
  unavailableReason: null,
};
const detail: ProductDetail = { product, denominations: [], longDescription: null, fetchedAt: 0, stale: false };

async function get(query: string) {
  const response = await GET(new NextRequest(`http://shop.test/api/top-up-price?${query}`));
  return { status: response.status, body: await response.json() };
}

describe("GET /api/top-up-price", () => {
  beforeEach(() => {
    getProductDetail.mockReset();
    getProductDetail.mockResolvedValue(detail);
  });

  it("prices ¥1000 at $6.70 + 10% in a USD shop, revealing no rate or markup", async () => {
    const { status, body } = await get("product=7&amount=1000");
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, amount: { minor: 1000, currency: "JPY" }, price: { minor: 737, currency: "USD" } });
  });

  it("names what is wrong with the amount or the query", async () => {
    expect(await get("product=7&amount=10.5")).toEqual({
      status: 422,
      body: { error: "refused", message: "Enter a whole number: JPY has no decimals", field: "amount", problem: { code: "whole_number", currency: "JPY" } },
    });
    expect(await get("product=x&amount=10")).toEqual({ status: 400, body: { error: "invalid", message: "product: expected a positive integer", field: "product" } });
    expect((await get("product=7")).status).toBe(400);
    getProductDetail.mockResolvedValue(null);
    expect(await get("product=8&amount=10")).toEqual({ status: 404, body: { error: "not_found", message: "No such product", field: "product" } });
  });

  it("answers 503 catalog_unavailable in a catalogue outage, as the envelope's table says", async () => {
    getProductDetail.mockRejectedValue(new CatalogUnavailableError(catalogUnavailable("upstream down, no copy")));
    expect(await get("product=7&amount=1000")).toEqual({
      status: 503,
      body: { error: "catalog_unavailable", message: "The catalogue is temporarily unavailable; try again shortly." },
    });
  });

  it("answers 500 internal, in the envelope and without internals, for anything else thrown", async () => {
    getProductDetail.mockRejectedValue(new Error("secret internals"));
    expect(await get("product=7&amount=1000")).toEqual({ status: 500, body: { error: "internal", message: "Something went wrong on our side; try again shortly." } });
  });
});
