// Pricing rules for tests that only need the settings' single markup: the first version a shop
// with these settings would store, compiled.
import { compileRules, type PricingRules } from "@/lib/pricing/compile-rules";
import { rulesFromSettings, type PricingSettings } from "@/lib/pricing/rules-from-settings";

export function settingsRules(settings: PricingSettings): PricingRules {
  return compileRules(rulesFromSettings(settings, 0));
}
