import { describe, expect, it } from "vitest";
import { compileRules } from "./compile-rules";
import { previewRuleChange, type PreviewVoucher } from "./preview-rule-change";
import { ruleSetSchema, type RuleInput } from "./rule-set";

const set = (version: number, global: RuleInput, brands: Record<string, RuleInput> = {}) =>
  compileRules(
    ruleSetSchema.parse({
      version,
      savedAt: 0,
      savedBy: "t",
      note: "",
      storeCurrency: "USD",
      paymentFee: { percent: "2.9", fixedMinor: 30 },
      rates: { EUR: { rate: "1.10", setAt: 0 } },
      global,
      brands,
    }),
  );

const voucher = (voucherId: number, brand: string, costMinor: number, faceMinor: number | null, currency = "USD"): PreviewVoucher => ({
  serviceId: voucherId * 10,
  voucherId,
  brand,
  name: `Card ${voucherId}`,
  serviceName: brand,
  cost: { minor: costMinor, currency },
  faceValue: faceMinor === null ? null : { minor: faceMinor, currency },
});

describe("previewRuleChange", () => {
  const vouchers = [voucher(1, "Vaultline", 950, 1000), voucher(2, "Orbit", 9_000, 10_000), voucher(3, "Orbit", 200, null), voucher(4, "Orbit", 1_000, 1_000, "EUR")];
  const current = set(1, { markupPercent: "10" });

  it("lists only what the change touches, with both prices, margin, partner discount and face value", () => {
    const preview = previewRuleChange(current, set(2, { markupPercent: "10" }, { vaultline: { markupPercent: "20" } }), vouchers);
    expect(preview.counts).toMatchObject({ vouchers: 4, touched: 1, raised: 1, lowered: 0 });
    expect(preview.rows).toEqual([
      expect.objectContaining({
        voucherId: 1,
        cost: { minor: 950, currency: "USD" },
        faceValue: { minor: 1000, currency: "USD" },
        partnerDiscountPercent: 5,
        before: expect.objectContaining({ price: { minor: 1045, currency: "USD" }, appliedRule: { level: "global", id: "global" } }),
        // 11.40 − (0.3306 + 0.30) − 9.50 = 1.2694
        after: expect.objectContaining({ price: { minor: 1140, currency: "USD" }, margin: { minor: 126, currency: "USD" }, appliedRule: { level: "brand", id: "vaultline" } }),
      }),
    ]);
    expect(preview.rows[0]?.after.flags).toEqual({ thin: false, negative: false, aboveFaceValue: true });
  });

  it("flags and counts rows sold at a loss, thin, above face value and withdrawn", () => {
    const preview = previewRuleChange(current, set(2, { markupPercent: "3", minMargin: { minor: 50 } }), vouchers);
    // At 3% the fee estimate eats every margin: all four would sell at a loss, so none is sold.
    expect(preview.counts).toMatchObject({ touched: 4, lowered: 0, withdrawn: 3, negative: 4, thin: 4 });
    const cheap = preview.rows.find((row) => row.voucherId === 3);
    expect(cheap?.after).toMatchObject({ price: null, refusal: "below_min_margin", flags: { negative: true } });
    expect(preview.rows.find((row) => row.voucherId === 4)?.partnerDiscountPercent).toBe(0);
  });
});
