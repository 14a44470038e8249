import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/money/format-money";
import { topUpProblemInEnglish } from "@/lib/i18n/english";
import { quoteTopUp } from "./quote-top-up";
import type { Product } from "./types";
import { settingsRules } from "@/tests/support/pricing-rules";

const product: Product = {
  id: 1,
  slug: "wallet",
  name: "Wallet top-up",
  names: { en: "Wallet top-up", zh: "Wallet top-up" },
  brand: "Wallet",
  country: null,
  region: null,
  platform: null,
  description: null,
  summaries: { en: null, zh: null },
  image: null,
  featured: false,
  sortOrder: null,
  type: "balance",
  currency: "USD",
  discountPercent: 2.5,
  minAmountMinor: 500,
  maxAmountMinor: 50_000,
  topUpPresetsMinor: null,
  deliveryTargetMinutes: 5,
  deliveryMaxMinutes: 60,
  playerCheck: false,
  reservable: false,
  autoActivation: false,
  available: true,
  unavailableReason: null,
};
const policy = settingsRules({ storeCurrency: "USD", exchangeRates: { EUR: "1.08", JPY: "0.0067" }, markupPercent: "8" });

describe("quoting a balance top-up", () => {
  it("prices the amount less our discount, with the store's markup", () => {
    // 25.00 less 2.5% = 24.375, charged 24.38 (half away); +8% = 26.3304 → 26.34 (rounded up).
    expect(quoteTopUp(product, "25", policy)).toEqual({
      ok: true,
      value: { amount: { minor: 2500, currency: "USD" }, price: { minor: 2634, currency: "USD" } },
    });
  });

  it("converts from the service's currency", () => {
    const euro = { ...product, currency: "EUR", minAmountMinor: null, maxAmountMinor: null, discountPercent: 0 };
    // 10.00 EUR × 1.08 × 1.08 = 11.664 → 11.67 USD.
    expect(quoteTopUp(euro, "10", policy)).toMatchObject({ ok: true, value: { price: { minor: 1167, currency: "USD" } } });
  });

  it("prices a ¥1000 top-up at $6.70 plus markup, not $0.08 (the issue's example)", () => {
    const yen = { ...product, currency: "JPY", minAmountMinor: null, maxAmountMinor: null, discountPercent: 0 };
    const quote = quoteTopUp(yen, "1000", policy);
    // 1000 × 0.0067 = 6.70; +8% = 7.236 → 7.24.
    expect(quote).toEqual({ ok: true, value: { amount: { minor: 1000, currency: "JPY" }, price: { minor: 724, currency: "USD" } } });
    if (quote.ok) expect(formatMoney(quote.value.price)).toBe("$7.24");
  });

  it("refuses what it cannot price, saying why", () => {
    const problem = (quote: ReturnType<typeof quoteTopUp>) => (quote.ok ? null : topUpProblemInEnglish(quote.error));
    expect(problem(quoteTopUp(product, "4", policy))).toBe("Enter an amount from $5.00 to $500.00");
    expect(quoteTopUp({ ...product, currency: "TRY", minAmountMinor: null }, "100", policy)).toEqual({ ok: false, error: { code: "not_priced" } });
    expect(problem(quoteTopUp({ ...product, currency: "TRY", minAmountMinor: null }, "100", policy))).toBe("This top-up cannot be priced right now");
    expect(problem(quoteTopUp({ ...product, type: "voucher" }, "10", policy))).toBe("This product has fixed amounts");
    expect(problem(quoteTopUp({ ...product, available: false }, "10", policy))).toBe("This product cannot be bought right now");
  });
});
