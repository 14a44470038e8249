// The rules a request prices with. Every request reads the current version number (one small
// GET), so a save shows on the next request on every instance; the set itself is parsed and
// compiled once per version per process and kept here.
import { compileRules, type PricingRules } from "./compile-rules";
import { loadCurrentRules, loadRulesVersion, readCurrentVersion, type RulesStoreDeps } from "./rules-store";

const compiledByUpstream = new Map<string, PricingRules>();

export async function currentRules(deps: RulesStoreDeps): Promise<PricingRules> {
  const version = await readCurrentVersion(deps);
  const known = compiledByUpstream.get(deps.upstream);
  if (known && version !== null && known.version === version) return known;
  const set = (version !== null ? await loadRulesVersion(deps, version) : null) ?? (await loadCurrentRules(deps));
  const rules = compileRules(set);
  compiledByUpstream.set(deps.upstream, rules);
  return rules;
}
