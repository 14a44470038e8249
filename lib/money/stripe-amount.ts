// Money → the integer `amount` Stripe expects. Stripe uses the ISO minor unit except where its
// currency guide says otherwise (docs.stripe.com/currencies: "zero-decimal", "three-decimal"
// and "special cases"). Those lists are Stripe's own rules, not ISO data, so they live here.
import { err, ok, type Result } from "@/lib/result";
import { currencyExponent } from "./currency";
import type { Money } from "./money";

/** Charged in whole units: the amount is the number of units, not multiplied by 100. */
const ZERO_DECIMAL = new Set(["BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"]);
/** Three decimals, but Stripe's payment partners need the last digit to be 0. */
const THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);
/**
 * ISK is effectively whole krónur, yet Stripe keeps it two-decimal for backwards compatibility:
 * 5 ISK is sent as 500 and amounts must be divisible by 100. HUF and TWD are charged as
 * two-decimal amounts (only their payouts are whole units), so they need no entry.
 */
const WHOLE_UNITS_AS_TWO_DECIMAL = new Set(["ISK"]);

export type StripeAmount = { amount: number; currency: string };
export type StripeAmountError = { code: "not_chargeable"; message: string };

interface StripeRule {
  /** Digits Stripe's integer amount carries for the currency. */
  exponent: number;
  /** The amount must be a multiple of this, in Stripe's units. */
  step: number;
}

function stripeRule(currency: string): StripeRule {
  if (ZERO_DECIMAL.has(currency)) return { exponent: 0, step: 1 };
  if (THREE_DECIMAL.has(currency)) return { exponent: 3, step: 10 };
  if (WHOLE_UNITS_AS_TWO_DECIMAL.has(currency)) return { exponent: 2, step: 100 };
  return { exponent: 2, step: 1 };
}

/**
 * The smallest step, in the currency's own minor units, between amounts Stripe can charge:
 * 1 for USD, JPY and ISK; 10 for KWD. Prices are rounded up to it so that what a buyer sees
 * is exactly what is charged.
 */
export function chargeStepMinor(currency: string): number {
  const rule = stripeRule(currency);
  const digits = Math.log10(rule.step) + currencyExponent(currency) - rule.exponent;
  return 10 ** Math.max(0, digits);
}

/** { minor: 1999, currency: "USD" } → { amount: 1999, currency: "usd" }; 5 ISK → 500. */
export function toStripeAmount(money: Money): Result<StripeAmount, StripeAmountError> {
  const step = chargeStepMinor(money.currency);
  if (!Number.isSafeInteger(money.minor) || money.minor < 0 || money.minor % step !== 0) {
    return err({ code: "not_chargeable", message: `${money.minor} minor units of ${money.currency} cannot be charged: Stripe needs a non-negative multiple of ${step}` });
  }
  const shift = stripeRule(money.currency).exponent - currencyExponent(money.currency);
  const amount = shift >= 0 ? money.minor * 10 ** shift : money.minor / 10 ** -shift;
  if (!Number.isSafeInteger(amount)) return err({ code: "not_chargeable", message: `${money.minor} ${money.currency} is too large to charge` });
  return ok({ amount, currency: money.currency.toLowerCase() });
}
