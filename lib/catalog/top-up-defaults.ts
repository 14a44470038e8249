// What a balance top-up allows until the owner sets a range: a sane span and three presets per
// currency, in its major units, chosen to be worth roughly the same everywhere (about 5 to 500
// US dollars, presets near 10 / 25 / 50). The Partner API publishes no bounds (it answers 400 to
// an amount it will not take), so without these a buyer could type 0.01 or a million.
import { currencyExponent, isKnownCurrency } from "@/lib/money/currency";

interface MajorRange {
  min: number;
  max: number;
  presets: [number, number, number];
}

const DOLLAR_LIKE: MajorRange = { min: 5, max: 500, presets: [10, 25, 50] };

const BY_CURRENCY: Readonly<Record<string, MajorRange>> = {
  USD: DOLLAR_LIKE,
  EUR: DOLLAR_LIKE,
  GBP: DOLLAR_LIKE,
  CHF: DOLLAR_LIKE,
  CAD: DOLLAR_LIKE,
  AUD: DOLLAR_LIKE,
  NZD: DOLLAR_LIKE,
  SGD: DOLLAR_LIKE,
  JPY: { min: 500, max: 50_000, presets: [1_000, 3_000, 5_000] },
  CNY: { min: 30, max: 3_000, presets: [50, 100, 300] },
  HKD: { min: 40, max: 4_000, presets: [100, 200, 400] },
  TWD: { min: 150, max: 15_000, presets: [300, 750, 1_500] },
  KRW: { min: 5_000, max: 500_000, presets: [10_000, 30_000, 50_000] },
  INR: { min: 100, max: 40_000, presets: [500, 1_000, 2_000] },
  IDR: { min: 50_000, max: 7_500_000, presets: [100_000, 250_000, 500_000] },
  PHP: { min: 250, max: 25_000, presets: [500, 1_000, 2_500] },
  THB: { min: 150, max: 15_000, presets: [300, 800, 1_500] },
  MYR: { min: 20, max: 2_000, presets: [50, 100, 200] },
  VND: { min: 100_000, max: 10_000_000, presets: [200_000, 500_000, 1_000_000] },
  BRL: { min: 20, max: 2_500, presets: [50, 100, 250] },
  MXN: { min: 100, max: 10_000, presets: [200, 500, 1_000] },
  TRY: { min: 100, max: 15_000, presets: [250, 500, 1_000] },
  RUB: { min: 500, max: 50_000, presets: [1_000, 2_500, 5_000] },
  PLN: { min: 20, max: 2_000, presets: [50, 100, 200] },
  SEK: { min: 50, max: 5_000, presets: [100, 250, 500] },
  NOK: { min: 50, max: 5_000, presets: [100, 250, 500] },
  DKK: { min: 50, max: 5_000, presets: [100, 250, 500] },
  SAR: { min: 20, max: 2_000, presets: [50, 100, 200] },
  AED: { min: 20, max: 2_000, presets: [50, 100, 200] },
  KWD: { min: 2, max: 150, presets: [5, 10, 20] },
  ZAR: { min: 100, max: 10_000, presets: [200, 500, 1_000] },
};

/** A currency not listed gets a wide span in its own units; the owner's range is what fits it. */
const FALLBACK: MajorRange = { min: 1, max: 1_000, presets: [10, 25, 50] };

export interface TopUpDefaults {
  minMinor: number;
  maxMinor: number;
  presetsMinor: number[];
}

export function topUpDefaults(currency: string): TopUpDefaults {
  const range = BY_CURRENCY[currency] ?? FALLBACK;
  const scale = 10 ** (isKnownCurrency(currency) ? currencyExponent(currency) : 0);
  return { minMinor: range.min * scale, maxMinor: range.max * scale, presetsMinor: range.presets.map((p) => p * scale) };
}
