import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { catalogUnavailable } from "@/lib/catalog/catalog-unavailable";
import { CatalogUnavailableError } from "@/lib/catalog/catalog-unavailable-error";
import type { AccountForm, Denomination, Product, ProductDetail } from "@/lib/catalog/types";
import { openTempKv } from "@/tests/support/temp-kv";

const checkPlayer = vi.fn();
const getProductDetail = vi.fn();
const store = openTempKv();
vi.mock("@/lib/shop/check-player", () => ({ checkPlayer }));
vi.mock("@/lib/shop/get-product-detail", () => ({ getProductDetail }));
vi.mock("@/lib/kv/get-kv", () => ({ getKv: () => store.kv }));
vi.stubEnv("PLAYER_CHECK_RATE_LIMIT", "5/60s");
// One proxy in front, as in a real deployment, so each test's X-Forwarded-For is its own client.
vi.stubEnv("TRUSTED_PROXY_HOPS", "1");
const { GET } = await import("./route");
afterAll(() => store.remove());

const zoneForm: AccountForm = {
  format: "player_id|zone_id",
  separator: "|",
  fields: [
    { name: "player_id", type: "input", label: "Player ID", prefix: "ID", label_zh: "玩家ID", position: 1, multiline: false, placeholder: "" },
    { name: "zone_id", type: "input", label: "Zone ID", prefix: "Zone", label_zh: "区服ID", position: 2, multiline: false, placeholder: "" },
  ],
};
const denomination: Denomination = {
  voucherId: 42601,
  name: "86 Diamonds",
  gameCoins: 86,
  price: { minor: 151, currency: "USD" },
  faceValue: { minor: 149, currency: "USD" },
  deliveryMethod: "direct_topup",
  available: true,
  unavailableReason: null,
  account: zoneForm,
  playerCheck: true,
};
const product: Product = {
  id: 426,
  slug: "mythic-realms-diamonds",
  name: "Mythic Realms Diamonds",
  names: { en: "Mythic Realms Diamonds", zh: "Mythic Realms Diamonds" },
  brand: "Mythic Realms",
  country: null,
  region: "ROW",
  platform: "Mobile",
  description: null,
  summaries: { en: null, zh: null },
  image: null,
  featured: false,
  sortOrder: null,
  type: "voucher",
  currency: "USD",
  discountPercent: null,
  minAmountMinor: null,
  maxAmountMinor: null,
  topUpPresetsMinor: null,
  deliveryTargetMinutes: 3,
  deliveryMaxMinutes: 30,
  playerCheck: true,
  reservable: false,
  autoActivation: false,
  available: true,
  unavailableReason: null,
};
const detail: ProductDetail = { product, denominations: [denomination], longDescription: null, fetchedAt: 0, stale: false };

let nextClient = 0;
/** Each test is its own client, so the limit is spent only where a test spends it. */
let clientAddress = "";

function get(query: string, ip = clientAddress) {
  return GET(new NextRequest(`http://shop.test/api/player-check?${query}`, { headers: { "x-forwarded-for": ip } }));
}

describe("GET /api/player-check", () => {
  beforeEach(() => {
    checkPlayer.mockReset();
    getProductDetail.mockReset();
    nextClient += 1;
    clientAddress = `192.0.2.${nextClient}`;
    getProductDetail.mockImplementation(async (id: number) => (id === 426 ? detail : null));
    // Mid-window, so a test's requests never straddle two windows.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.UTC(2026, 0, 15, 12, 0, 20));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("checks a well-formed account and answers with the outcome", async () => {
    checkPlayer.mockResolvedValue({ status: "found", playerName: "MythicRover", region: "Southeast Asia" });
    const response = await get("product=426&voucher=42601&account=%2012345678%7C1234");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(await response.json()).toEqual({ status: "found", playerName: "MythicRover", region: "Southeast Asia" });
    expect(checkPlayer).toHaveBeenCalledWith(426, "12345678|1234");
  });

  it("refuses an account the form would refuse, without asking upstream", async () => {
    const response = await get("product=426&voucher=42601&account=12345678");
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: "refused", message: 'expected 2 values joined by "|"', field: "account" });
    expect(checkPlayer).not.toHaveBeenCalled();
  });

  it("refuses a malformed query", async () => {
    for (const query of ["voucher=42601&account=1%7C2", "product=abc&account=1%7C2", "product=426&voucher=42601&account="]) {
      const response = await get(query);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "invalid", message: expect.any(String), field: expect.any(String) });
    }
    expect(checkPlayer).not.toHaveBeenCalled();
  });

  it("answers 404 for an unknown product or voucher", async () => {
    const unknown = await get("product=999&voucher=1&account=1%7C2");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "not_found", message: "No such product", field: "product" });
    expect((await get("product=426&voucher=1&account=1%7C2")).status).toBe(404);
    expect(checkPlayer).not.toHaveBeenCalled();
  });

  it("answers 429 with Retry-After once a client is over PLAYER_CHECK_RATE_LIMIT, without asking upstream", async () => {
    checkPlayer.mockResolvedValue({ status: "found", playerName: "MythicRover", region: null });
    for (let i = 0; i < 5; i += 1) expect((await get("product=426&voucher=42601&account=12345678%7C1234")).status).toBe(200);
    const refused = await get("product=426&voucher=42601&account=12345678%7C1234");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("40");
    expect(await refused.json()).toMatchObject({ error: "rate_limited", retryAfterSeconds: 40 });
    expect(checkPlayer).toHaveBeenCalledTimes(5);
    expect(getProductDetail).toHaveBeenCalledTimes(5);
    // Another client still gets through.
    expect((await get("product=426&voucher=42601&account=12345678%7C1234", "198.51.100.1")).status).toBe(200);
  });

  it("counts malformed requests too: they cost a lookup and probe the limit", async () => {
    for (let i = 0; i < 5; i += 1) expect((await get("product=abc&account=1")).status).toBe(400);
    expect((await get("product=abc&account=1")).status).toBe(429);
  });

  it("answers 503 catalog_unavailable in a catalogue outage, as the envelope's table says", async () => {
    getProductDetail.mockRejectedValue(new CatalogUnavailableError(catalogUnavailable("upstream down, no copy")));
    const response = await get("product=426&voucher=42601&account=12345678%7C1234");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: "catalog_unavailable", message: "The catalogue is temporarily unavailable; try again shortly." });
    expect(checkPlayer).not.toHaveBeenCalled();
  });
});
