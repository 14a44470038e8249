// The money module's public face: one Money type with its currency, and what it is used for.
export { currencyExponent, isKnownCurrency, parseCurrency, type CurrencyError } from "./currency";
export { moneyFromDecimal, toDecimalString, type DecimalError, type Rounding } from "./decimal";
export { formatMoney } from "./format-money";
export { currencySchema, moneySchema, type Money } from "./money";
export { parseMoneyInput, type MoneyInputProblem } from "./parse-money-input";
export { chargeStepMinor, toStripeAmount, type StripeAmount, type StripeAmountError } from "./stripe-amount";
