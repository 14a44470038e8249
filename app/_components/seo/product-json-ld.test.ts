import { describe, expect, it } from "vitest";
import type { Denomination, ProductDetail } from "@/lib/catalog/types";
import { productJsonLd, scriptJson } from "./product-json-ld";

const denomination = (voucherId: number, extra: Partial<Denomination>): Denomination => ({
  voucherId,
  name: `${voucherId} coins`,
  gameCoins: voucherId,
  price: { minor: 1078, currency: "USD" },
  faceValue: null,
  deliveryMethod: "voucher_code",
  available: true,
  unavailableReason: null,
  account: null,
  playerCheck: false,
  ...extra,
});

const detail = {
  product: { id: 7, slug: "gift", names: { en: "Gift Card", zh: "礼品卡" }, summaries: { en: "A card", zh: null }, available: true },
  denominations: [
    denomination(1, {}),
    denomination(2, { price: { minor: 500, currency: "JPY" }, available: false }),
    denomination(3, { price: null }),
  ],
} as unknown as ProductDetail;

describe("productJsonLd", () => {
  it("offers each priced amount at its decimal price and stock, in the page's language", () => {
    const ld = productJsonLd(detail, "zh", "https://s.example/zh/products/7/gift", "https://s.example/img", "Gift");
    expect(ld).toMatchObject({ "@type": "Product", name: "礼品卡", brand: { name: "Gift" }, url: "https://s.example/zh/products/7/gift" });
    expect(ld).not.toHaveProperty("description");
    expect(ld.offers.map((o) => [o.price, o.priceCurrency, o.availability])).toEqual([
      ["10.78", "USD", "https://schema.org/InStock"],
      ["500", "JPY", "https://schema.org/OutOfStock"],
    ]);
  });

  it("cannot be closed early by a name in the script element", () => {
    expect(scriptJson({ name: "</script><script>alert(1)</script>" })).not.toContain("<");
  });
});
