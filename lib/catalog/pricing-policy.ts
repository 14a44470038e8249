// The store's pricing policy from configuration (the admin issue will add per-product rules).
import { env } from "@/lib/config/env";
import type { PricingPolicy } from "./pricing";

export async function getPricingPolicy(): Promise<PricingPolicy> {
  const config = env();
  return {
    storeCurrency: config.STORE_CURRENCY,
    exchangeRates: config.EXCHANGE_RATES,
    markupPercent: config.PRICE_MARKUP_PERCENT,
  };
}
