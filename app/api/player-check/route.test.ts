import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { catalogUnavailable } from "@/lib/catalog/catalog-unavailable";
import { CatalogUnavailableError } from "@/lib/catalog/catalog-unavailable-error";
import { createMemoryKv } from "@/tests/support/memory-kv";

const getProductDetail = vi.fn();
vi.mock("@/lib/shop/get-product-detail", () => ({ getProductDetail }));
const kv = createMemoryKv();
vi.mock("@/lib/kv/get-kv", () => ({ getKv: async () => kv }));
const { GET } = await import("./route");

async function get(query: string) {
  const response = await GET(new NextRequest(`http://shop.test/api/player-check?${query}`));
  return { status: response.status, body: await response.json() };
}

describe("GET /api/player-check", () => {
  beforeEach(() => {
    getProductDetail.mockReset();
  });

  it("answers 503 catalog_unavailable in a catalogue outage, as the envelope's table says", async () => {
    getProductDetail.mockRejectedValue(new CatalogUnavailableError(catalogUnavailable("upstream down, no copy")));
    expect(await get("product=7&account=12345")).toEqual({
      status: 503,
      body: { error: "catalog_unavailable", message: "The catalogue is temporarily unavailable; try again shortly." },
    });
  });

  it("names the field at fault in a malformed query, before reading the catalogue", async () => {
    expect(await get("product=0&account=1")).toEqual({ status: 400, body: { error: "invalid", message: "product: expected a positive integer", field: "product" } });
    expect(getProductDetail).not.toHaveBeenCalled();
  });
});
