// Which currency the shop sold in at a moment, from the versions of the rules: the store currency
// of the newest version saved at or before it. The fraud screen's records written before they
// named their caps' currency are read with it (decision 216). A moment before every version is
// version 1's currency, the one the shop started in (version 1 is made from the settings then).
import { loadCurrentRules, loadRulesVersion, type RulesStoreDeps } from "./rules-store";

/** `at` null: the currency the shop started in (version 1's). */
export async function storeCurrencyAt(deps: RulesStoreDeps, at: number | null): Promise<string> {
  const current = await loadCurrentRules(deps);
  if (at === null) return (current.version === 1 ? current : ((await loadRulesVersion(deps, 1)) ?? current)).storeCurrency;
  for (let version = current.version; version >= 1; version--) {
    const set = version === current.version ? current : await loadRulesVersion(deps, version);
    if (set && (set.savedAt <= at || version === 1)) return set.storeCurrency;
  }
  // Only when every earlier version is missing from the store: the one there is.
  return current.storeCurrency;
}
