// The shop's own wiring of the rules: its KV, its upstream and its settings as version 1.
import { env } from "@/lib/config/env";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";
import { getKv } from "@/lib/kv/get-kv";
import { systemClock } from "@/lib/time/clock";
import type { PricingRules } from "@/lib/pricing/compile-rules";
import { currentRules } from "@/lib/pricing/current-rules";
import type { RulesStoreDeps } from "@/lib/pricing/rules-store";

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
