// The rate between two currencies as the prices convert, for amounts kept outside the rules in
// one currency and read in another (the fraud screen's amount caps, decision 215). The rules in
// force give it when they sell in `to` and have a rate for `from`; else the newest earlier
// version that related the two does: one selling in `to` with a rate for `from`, or one selling
// in `from` with a rate for `to`, inverted (a change of store currency always writes one, as it
// needs a rate for the old currency). No version ever did: null, never a guess.
import type { RuleSet } from "./rule-set";
import { loadRulesVersion, type RulesStoreDeps } from "./rules-store";
import { SCALE, scaledDecimal, type Frac } from "./scaled-decimal";

function rateIn(set: RuleSet, from: string, to: string): Frac | null {
  const forward = set.storeCurrency === to ? set.rates[from] : undefined;
  if (forward) return { n: scaledDecimal(forward.rate), d: SCALE };
  const backward = set.storeCurrency === from ? set.rates[to] : undefined;
  return backward ? { n: SCALE, d: scaledDecimal(backward.rate) } : null;
}

/** Units of `to` per unit of `from`; `current` is the version in force. */
export async function rateBetween(deps: Pick<RulesStoreDeps, "kv" | "upstream">, current: RuleSet, from: string, to: string): Promise<Frac | null> {
  if (from === to) return { n: 1n, d: 1n };
  for (let version = current.version; version >= 1; version--) {
    const set = version === current.version ? current : await loadRulesVersion(deps, version);
    const rate = set ? rateIn(set, from, to) : null;
    if (rate) return rate;
  }
  return null;
}
