// Stripe amounts are integers in the currency's minor unit (cents; yen for JPY). Until the shared
// money module lands, this takes its { minor, currency } shape and checks it.
export interface MoneyAmount {
  minor: number;
  currency: string;
}

export function toStripeAmount(money: MoneyAmount): { amount: number; currency: string } {
  if (!Number.isSafeInteger(money.minor) || money.minor < 0) {
    throw new RangeError(`Payment amount must be a non-negative integer of minor units, got ${money.minor}`);
  }
  if (!/^[A-Za-z]{3}$/.test(money.currency)) throw new RangeError(`Not a currency code: ${money.currency}`);
  return { amount: money.minor, currency: money.currency.toLowerCase() };
}
