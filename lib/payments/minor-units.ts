// Stripe amounts are integers in the currency's smallest unit: cents for USD, whole yen for JPY.
// This takes the shared money shape { minor, currency } (minor units by ISO 4217) and applies
// Stripe's one twist: ISK and UGX have no minor unit in ISO but Stripe still wants them with two
// decimals that are always 00, so 1500 krónur is sent as 150000.
export interface MoneyAmount {
  minor: number;
  currency: string;
}

const TWO_DECIMALS_AT_STRIPE = new Set(["ISK", "UGX"]);

export function toStripeAmount(money: MoneyAmount): { amount: number; currency: string } {
  if (!Number.isSafeInteger(money.minor) || money.minor < 0) {
    throw new RangeError(`Payment amount must be a non-negative integer of minor units, got ${money.minor}`);
  }
  if (!/^[A-Za-z]{3}$/.test(money.currency)) throw new RangeError(`Not a currency code: ${money.currency}`);
  const currency = money.currency.toUpperCase();
  const amount = TWO_DECIMALS_AT_STRIPE.has(currency) && isoExponent(currency) === 0 ? money.minor * 100 : money.minor;
  return { amount, currency: currency.toLowerCase() };
}

function isoExponent(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}
