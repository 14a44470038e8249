// The fraud screen's amount caps against the shop's prices, one truth (decisions 215–216): the
// caps stay in the currency the owner set them in and every reader converts them into the one it
// needs at the rate the prices convert with. Here the screen's two questions are answered on the
// shop's KV and rules: which currency the stored caps are in (named by the record, else the
// store currency when it was written), and the rate between two currencies. Both answers are
// kept per process: for one fraud record, or one version of the rules in force, they never change.
// Each takes the rules' deps (`shopRulesDeps()`), whose KV holds the fraud rules too.
import { convertAmountCaps, type CapsRate, type RulesInCurrency } from "@/lib/fraud/caps-currency";
import { AMOUNT_CAPS, type AmountCapName, type FraudRules } from "@/lib/fraud/fraud-rules";
import { loadFraudRules, type CurrentRules } from "@/lib/fraud/rules-store";
import type { ScreeningDeps } from "@/lib/fraud/screen-checkout";
import type { Kv } from "@/lib/kv/kv";
import { rateBetween } from "@/lib/pricing/rate-between";
import { loadCurrentRules, loadRulesVersion, readCurrentVersion, type RulesStoreDeps } from "@/lib/pricing/rules-store";
import { storeCurrencyAt } from "@/lib/pricing/store-currency-at";

/** Enough for every upstream and currency pair a process meets; emptied rather than grown past it. */
const KEPT = 256;
// Per store, as the answers are the store's (tests open many in one process).
const currencies = new WeakMap<Kv, Map<string, string>>();
const rates = new WeakMap<Kv, Map<string, CapsRate | null>>();

function cacheOf<T>(caches: WeakMap<Kv, Map<string, T>>, kv: Kv): Map<string, T> {
  let cache = caches.get(kv);
  if (!cache) caches.set(kv, (cache = new Map()));
  return cache;
}

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= KEPT) cache.clear();
  cache.set(key, value);
  return value;
}

/** The currency the stored caps are in: the record's own, else the store currency when it was written. */
export async function capsCurrency(deps: RulesStoreDeps, current: CurrentRules): Promise<string> {
  if (current.currency !== null) return current.currency;
  // The defaults were never written: they are in the currency the shop started in.
  const cache = cacheOf(currencies, deps.kv);
  const key = `${deps.upstream}:${current.version}:${current.savedAt ?? "defaults"}`;
  return cache.get(key) ?? remember(cache, key, await storeCurrencyAt(deps, current.savedAt));
}

async function rulesInCurrency(deps: RulesStoreDeps): Promise<RulesInCurrency> {
  const current = await loadFraudRules(deps.kv);
  return { rules: current.rules, currency: await capsCurrency(deps, current) };
}

/** Screening's two questions about the caps, answered on these rules' deps (lib/shop/fraud.ts wires them). */
export function screeningCaps(deps: RulesStoreDeps): Pick<ScreeningDeps, "rules" | "capsRate"> {
  return { rules: () => rulesInCurrency(deps), capsRate: (from, to) => capsRate(deps, from, to) };
}

/** Units of `to` per unit of `from`, as the prices in force convert (lib/pricing/rate-between.ts): one GET once kept. */
export async function capsRate(deps: RulesStoreDeps, from: string, to: string): Promise<CapsRate | null> {
  const version = await readCurrentVersion(deps);
  const cache = cacheOf(rates, deps.kv);
  const key = (inForce: number) => `${deps.upstream}:${inForce}:${from}:${to}`;
  if (version !== null && cache.has(key(version))) return cache.get(key(version)) ?? null;
  const current = (version === null ? null : await loadRulesVersion(deps, version)) ?? (await loadCurrentRules(deps));
  return remember(cache, key(current.version), await rateBetween(deps, current, from, to));
}

/** The caps as a reader in one currency sees them. */
export interface CapsIn {
  /** The rules, their amount caps in `currency`; as stored when `convertible` is false. */
  rules: FraudRules;
  currency: string;
  /** The currency the owner set the caps in. */
  setIn: string;
  /** False when no version of the prices relates the two currencies: checkouts in `currency` are refused. */
  convertible: boolean;
}

export async function fraudRulesIn(deps: RulesStoreDeps, current: CurrentRules, currency: string): Promise<CapsIn> {
  const setIn = await capsCurrency(deps, current);
  const rate = setIn === currency ? null : await capsRate(deps, setIn, currency);
  const convertible = setIn === currency || rate !== null;
  return { rules: rate ? convertAmountCaps(current.rules, rate) : current.rules, currency, setIn, convertible };
}

/** The amount caps alone, with their currency, for an audit row; null when they cannot be said in it. */
export function amountCapsOf(caps: CapsIn): ({ currency: string } & Record<AmountCapName, number>) | null {
  if (!caps.convertible) return null;
  return { currency: caps.currency, ...(Object.fromEntries(AMOUNT_CAPS.map((name) => [name, caps.rules[name]])) as Record<AmountCapName, number>) };
}
