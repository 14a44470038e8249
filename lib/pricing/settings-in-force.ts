// The price settings (STORE_CURRENCY, EXCHANGE_RATES, PRICE_MARKUP_PERCENT) only seed the first
// version of the rules; after that the owner's versions in the admin are what prices. A shop
// restarted with STORE_CURRENCY=JPY kept selling in dollars without a word: this names each
// setting whose value differs from the rules in force, for the start-up log and the admin.
import type { PricingSettings } from "./rules-from-settings";
import type { RuleSet } from "./rule-set";
import { scaledDecimal } from "./scaled-decimal";

export interface OverriddenSetting {
  setting: "STORE_CURRENCY" | "EXCHANGE_RATES" | "PRICE_MARKUP_PERCENT";
  /** As configured. */
  configured: string;
  /** As the rules in force have it. */
  inForce: string;
}

const ratesText = (rates: Readonly<Record<string, string>>) =>
  Object.entries(rates)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, rate]) => `${code}=${rate}`)
    .join(",");

const sameDecimal = (a: string, b: string) => scaledDecimal(a) === scaledDecimal(b);

export function overriddenSettings(settings: PricingSettings, rules: RuleSet): OverriddenSetting[] {
  const found: OverriddenSetting[] = [];
  if (settings.storeCurrency !== rules.storeCurrency) found.push({ setting: "STORE_CURRENCY", configured: settings.storeCurrency, inForce: rules.storeCurrency });
  const inForceRates = Object.fromEntries(Object.entries(rules.rates).map(([code, rate]) => [code, rate.rate]));
  const differs = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) => Object.entries(a).some(([code, rate]) => b[code] === undefined || !sameDecimal(rate, b[code]));
  if (differs(settings.exchangeRates, inForceRates) || differs(inForceRates, settings.exchangeRates)) {
    found.push({ setting: "EXCHANGE_RATES", configured: ratesText(settings.exchangeRates) || "(none)", inForce: ratesText(inForceRates) || "(none)" });
  }
  if (!sameDecimal(settings.markupPercent, rules.global.markupPercent)) found.push({ setting: "PRICE_MARKUP_PERCENT", configured: settings.markupPercent, inForce: rules.global.markupPercent });
  return found;
}
