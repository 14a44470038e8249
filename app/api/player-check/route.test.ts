import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountForm, Denomination, Product, ProductDetail } from "@/lib/catalog/types";

const checkPlayer = vi.fn();
const getProductDetail = vi.fn();
vi.mock("@/lib/catalog/check-player", () => ({ checkPlayer }));
vi.mock("@/lib/catalog/get-product-detail", () => ({ getProductDetail }));
const { GET } = await import("./route");

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
  brand: "Mythic Realms",
  country: null,
  region: "ROW",
  platform: "Mobile",
  description: null,
  type: "voucher",
  currency: "USD",
  discountPercent: null,
  minAmountMinor: null,
  maxAmountMinor: null,
  deliveryTargetMinutes: 3,
  deliveryMaxMinutes: 30,
  playerCheck: true,
  reservable: false,
  available: true,
  unavailableReason: null,
};
const detail: ProductDetail = { product, denominations: [denomination], fetchedAt: 0, stale: false };

function get(query: string) {
  return GET(new NextRequest(`http://shop.test/api/player-check?${query}`));
}

describe("GET /api/player-check", () => {
  beforeEach(() => {
    checkPlayer.mockReset();
    getProductDetail.mockReset();
    getProductDetail.mockImplementation(async (id: number) => (id === 426 ? detail : null));
  });

  it("checks a well-formed account and answers with the outcome", async () => {
    checkPlayer.mockResolvedValue({ status: "found", playerName: "MythicRover", region: "Southeast Asia" });
    const response = await get("product=426&voucher=42601&account=%2012345678%7C1234");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "found", playerName: "MythicRover", region: "Southeast Asia" });
    expect(checkPlayer).toHaveBeenCalledWith(426, "12345678|1234");
  });

  it("refuses an account the form would refuse, without asking upstream", async () => {
    const response = await get("product=426&voucher=42601&account=12345678");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: "invalid", message: 'expected 2 values joined by "|"' });
    expect(checkPlayer).not.toHaveBeenCalled();
  });

  it("refuses a malformed query", async () => {
    for (const query of ["voucher=42601&account=1%7C2", "product=abc&account=1%7C2", "product=426&voucher=42601&account="]) {
      const response = await get(query);
      expect(response.status).toBe(400);
      expect((await response.json()).status).toBe("invalid");
    }
    expect(checkPlayer).not.toHaveBeenCalled();
  });

  it("answers 404 for an unknown product or voucher", async () => {
    expect((await get("product=999&voucher=1&account=1%7C2")).status).toBe(404);
    expect((await get("product=426&voucher=1&account=1%7C2")).status).toBe(404);
    expect(checkPlayer).not.toHaveBeenCalled();
  });
});
