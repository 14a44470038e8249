// What a change of the rules would do, before it is saved: every voucher priced under the
// current and the proposed rules with the one pricing function, the ones whose outcome differs
// listed with cost, both prices, margin, partner discount and face value, and the rows to look
// at (sold at a loss, thin, above face value, no longer for sale) counted.
import { currencyExponent } from "@/lib/money/currency";
import type { Money } from "@/lib/money/money";
import type { PricingRules } from "./compile-rules";
import { priceVoucher, type PriceFlags, type PriceInput, type PriceResult } from "./price-voucher";
import type { RuleLevel } from "./rule-set";
import { SCALE } from "./scaled-decimal";

export interface PreviewVoucher extends PriceInput {
  name: string;
  /** The voucher's service (game) name, for the row's label. */
  serviceName: string;
}

export interface PreviewOutcome {
  /** null when the rules do not sell it. */
  price: Money | null;
  margin: Money | null;
  /** Why it is not sold (no_rate, below_min_margin, above_ceiling, …); null when sold. */
  refusal: string | null;
  appliedRule: { level: RuleLevel; id: string } | null;
  /** For a refused row, the flags of the price it would have had. */
  flags: PriceFlags;
}

export interface PreviewRow {
  serviceId: number;
  voucherId: number | null;
  name: string;
  serviceName: string;
  brand: string;
  /** What upstream charges us, in its currency. */
  cost: Money;
  faceValue: Money | null;
  /** Our discount off the face value, in percent with two decimals, when both convert to the store currency. */
  partnerDiscountPercent: number | null;
  before: PreviewOutcome;
  after: PreviewOutcome;
}

export interface PreviewCounts {
  vouchers: number;
  touched: number;
  raised: number;
  lowered: number;
  /** Sold before, refused after. */
  withdrawn: number;
  /** Refused before, sold after. */
  restored: number;
  negative: number;
  thin: number;
  aboveFaceValue: number;
}

export interface RulePreview {
  rows: PreviewRow[];
  counts: PreviewCounts;
}

/** No ISO currency has more than 4 decimals (CLF, UYW). */
const MAX_EXPONENT = 4;
const NO_FLAGS: PriceFlags = { thin: false, negative: false, aboveFaceValue: false };

export function previewRuleChange(current: PricingRules, proposed: PricingRules, vouchers: readonly PreviewVoucher[]): RulePreview {
  const rows: PreviewRow[] = [];
  const counts: PreviewCounts = { vouchers: vouchers.length, touched: 0, raised: 0, lowered: 0, withdrawn: 0, restored: 0, negative: 0, thin: 0, aboveFaceValue: 0 };
  for (const voucher of vouchers) {
    const before = outcomeOf(priceVoucher(voucher, current));
    const after = outcomeOf(priceVoucher(voucher, proposed));
    if (sameOutcome(before, after)) continue;
    counts.touched++;
    // Across a change of store currency, minor units are not comparable: neither raised nor lowered.
    if (before.price && after.price && before.price.currency === after.price.currency) {
      if (after.price.minor > before.price.minor) counts.raised++;
      if (after.price.minor < before.price.minor) counts.lowered++;
    }
    if (before.price && !after.price) counts.withdrawn++;
    if (!before.price && after.price) counts.restored++;
    if (after.flags.negative) counts.negative++;
    if (after.flags.thin) counts.thin++;
    if (after.flags.aboveFaceValue) counts.aboveFaceValue++;
    rows.push({
      serviceId: voucher.serviceId,
      voucherId: voucher.voucherId,
      name: voucher.name,
      serviceName: voucher.serviceName,
      brand: voucher.brand,
      cost: voucher.cost,
      faceValue: voucher.faceValue,
      partnerDiscountPercent: partnerDiscount(voucher, proposed),
      before,
      after,
    });
  }
  return { rows, counts };
}

function outcomeOf(result: PriceResult): PreviewOutcome {
  if (result.ok) {
    const { price, margin, appliedRule, flags } = result.value;
    return { price, margin, refusal: null, appliedRule, flags };
  }
  const wouldBe = "wouldBe" in result.error ? result.error.wouldBe : null;
  return {
    price: null,
    margin: wouldBe?.margin ?? null,
    refusal: result.error.code,
    appliedRule: wouldBe?.appliedRule ?? null,
    flags: wouldBe?.flags ?? NO_FLAGS,
  };
}

function sameOutcome(a: PreviewOutcome, b: PreviewOutcome): boolean {
  return (
    a.price?.minor === b.price?.minor &&
    a.price?.currency === b.price?.currency &&
    a.margin?.minor === b.margin?.minor &&
    a.refusal === b.refusal &&
    a.appliedRule?.level === b.appliedRule?.level &&
    a.appliedRule?.id === b.appliedRule?.id &&
    a.flags.thin === b.flags.thin &&
    a.flags.negative === b.flags.negative &&
    a.flags.aboveFaceValue === b.flags.aboveFaceValue
  );
}

/** 1 − cost / face, both valued in the store currency, in hundredths of a percent, rounded down. */
function partnerDiscount(voucher: PreviewVoucher, rules: PricingRules): number | null {
  const face = voucher.faceValue ? valueOf(voucher.faceValue, rules) : null;
  const cost = valueOf(voucher.cost, rules);
  if (face === null || cost === null || face <= 0n) return null;
  return Number(((face - cost) * 10_000n) / face) / 100;
}

/** Store-currency value × 10^(8 + MAX_EXPONENT), exact; null without a rate. */
function valueOf(amount: Money, rules: PricingRules): bigint | null {
  const rate = amount.currency === rules.storeCurrency ? SCALE : rules.rates.get(amount.currency);
  if (rate === undefined) return null;
  return BigInt(amount.minor) * rate * 10n ** BigInt(MAX_EXPONENT - currencyExponent(amount.currency));
}
