// The shop's own wiring of the rules: its KV, its upstream and its settings as version 1.
import { env } from "@/lib/config/env";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";
import { getKv } from "@/lib/kv/get-kv";
import { systemClock } from "@/lib/time/clock";
import type { PricingRules } from "@/lib/pricing/compile-rules";
import { currentRules } from "@/lib/pricing/current-rules";
import type { RulesStoreDeps } from "@/lib/pricing/rules-store";
import { overriddenSettings, type OverriddenSetting } from "@/lib/pricing/settings-in-force";

export async function shopRulesDeps(): Promise<RulesStoreDeps> {
  const config = env();
  return {
    kv: await getKv(),
    upstream: currentUpstream(),
    clock: systemClock,
    settings: {
      storeCurrency: config.STORE_CURRENCY,
      exchangeRates: config.EXCHANGE_RATES,
      markupPercent: config.PRICE_MARKUP_PERCENT,
      paymentFee: config.PRICE_PAYMENT_FEE,
    },
  };
}

/** The rules this request prices with (storefront pages, top-up prices, checkout quotes). */
export async function shopPricingRules(): Promise<PricingRules> {
  return currentRules(await shopRulesDeps());
}

/** The price settings the rules in force override (the admin's prices page says so too). */
export async function shopOverriddenSettings(): Promise<OverriddenSetting[]> {
  const deps = await shopRulesDeps();
  return overriddenSettings(deps.settings, (await currentRules(deps)).source);
}

/** At start: one line per price setting that no longer prices anything, with the value in force. */
export async function logOverriddenSettings(): Promise<void> {
  for (const { setting, configured, inForce } of await shopOverriddenSettings()) {
    console.warn(`[pricing] ${setting}=${configured} is ignored: it only seeded the first version of the prices; the version in force has ${inForce}. Change it in the admin (Prices).`);
  }
}
