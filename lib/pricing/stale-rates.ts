// Exchange rates older than the shop allows (PRICE_RATE_MAX_AGE_HOURS): shown as a warning to
// the owner, not a refusal, since an old rate is still the owner's rate, where a missing one is
// none at all.
import type { RuleSet } from "./rule-set";

export interface StaleRate {
  currency: string;
  setAt: number;
  ageHours: number;
}

export function staleRates(set: Pick<RuleSet, "rates">, now: number, maxAgeHours: number): StaleRate[] {
  return Object.entries(set.rates)
    .map(([currency, rate]) => ({ currency, setAt: rate.setAt, ageHours: Math.floor((now - rate.setAt) / 3_600_000) }))
    .filter((rate) => now - rate.setAt > maxAgeHours * 3_600_000)
    .sort((a, b) => a.setAt - b.setAt);
}
