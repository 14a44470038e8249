// What the admin's price editor calls: load the current rules with their stale rates, preview a
// proposed set against them over the cached catalogue, save, restore, and the history. Saves and
// restores are audited (before and after; a change of the store currency under its own action,
// saying too what the fraud screen's amount caps are in the new currency, which every reader
// converts them into from the one the owner set them in: fraud-caps.ts); the caller then calls
// afterRulesSaved() so pages show the new prices on the next request. Roles are the caller's:
// only an owner may save or restore.
import { recordAudit, type Actor } from "@/lib/audit";
import type { CatalogUnavailable } from "@/lib/catalog/catalog-unavailable";
import { catalogDeps } from "./catalog-deps";
import type { UpstreamCacheDeps } from "@/lib/catalog/upstream-cache";
import { err, ok, type Result } from "@/lib/result";
import { catalogVouchers } from "@/lib/catalog/catalog-vouchers";
import { compileRules } from "@/lib/pricing/compile-rules";
import { previewRuleChange, type RulePreview } from "@/lib/pricing/preview-rule-change";
import { ruleContentSchema, type RuleContentInput, type RuleSet, type VersionFacts } from "@/lib/pricing/rule-set";
import { listRulesHistory, loadCurrentRules, loadRulesVersion, restoreRules, saveRules, type RulesStoreDeps, type SaveRulesError } from "@/lib/pricing/rules-store";
import { shopRulesDeps } from "./pricing";
import { loadFraudRules } from "@/lib/fraud/rules-store";
import { amountCapsOf, fraudRulesIn } from "./fraud-caps";
import { staleRates, type StaleRate } from "@/lib/pricing/stale-rates";

export interface EditorRules {
  rules: RuleSet;
  /** Rates older than `rateMaxAgeHours`, oldest first: a warning for the dashboard. */
  staleRates: StaleRate[];
  rateMaxAgeHours: number;
}

export type PreviewError = Extract<SaveRulesError, { code: "invalid" }> | CatalogUnavailable;

export async function loadRulesForEditor(deps: RulesStoreDeps, rateMaxAgeHours: number): Promise<EditorRules> {
  const rules = await loadCurrentRules(deps);
  return { rules, staleRates: staleRates(rules, deps.clock.now(), rateMaxAgeHours), rateMaxAgeHours };
}

/** The proposed rules against the current ones, over every voucher of the cached catalogue. */
export async function previewRules(deps: RulesStoreDeps & { catalog: UpstreamCacheDeps }, proposed: RuleContentInput): Promise<Result<RulePreview, PreviewError>> {
  const content = ruleContentSchema.safeParse(proposed);
  if (!content.success) {
    const issues = content.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    return err({ code: "invalid", issues, message: issues.map((i) => `${i.path}: ${i.message}`).join("; ") });
  }
  const current = await loadCurrentRules(deps);
  const vouchers = await catalogVouchers(deps.catalog);
  if (!vouchers.ok) return vouchers;
  const next = compileRules({ ...content.data, version: current.version + 1, savedAt: deps.clock.now(), savedBy: "preview", note: "" });
  return ok(previewRuleChange(compileRules(current), next, vouchers.value));
}

export async function saveRulesAsOwner(
  deps: RulesStoreDeps,
  input: { expectedVersion: number; content: RuleContentInput; note?: string },
  author: Actor,
): Promise<Result<RuleSet, SaveRulesError>> {
  const before = await loadRulesVersion(deps, input.expectedVersion);
  const saved = await saveRules(deps, { ...input, savedBy: author.email });
  // A new store currency is its own entry: it changes every price and every amount in the rules.
  const action = before && saved.ok && before.storeCurrency !== saved.value.storeCurrency ? "prices.store_currency_changed" : "prices.rules_saved";
  if (saved.ok) await audit(deps, action, before, saved.value, author);
  return saved;
}

export async function restoreRulesAsOwner(
  deps: RulesStoreDeps,
  input: { version: number; expectedVersion: number; note?: string },
  author: Actor,
): Promise<Result<RuleSet, SaveRulesError>> {
  const before = await loadRulesVersion(deps, input.expectedVersion);
  const restored = await restoreRules(deps, { ...input, savedBy: author.email });
  if (restored.ok) await audit(deps, "prices.rules_restored", before, restored.value, author);
  return restored;
}

/** The currencies the cached catalogue's vouchers cost in: each needs a rate into the store currency. */
export async function upstreamCurrencies(catalog: UpstreamCacheDeps): Promise<Result<string[], CatalogUnavailable>> {
  const vouchers = await catalogVouchers(catalog);
  if (!vouchers.ok) return vouchers;
  return ok([...new Set(vouchers.value.map((voucher) => voucher.cost.currency))].sort());
}

export function rulesHistory(deps: RulesStoreDeps, page: { offset?: number; count: number }): Promise<VersionFacts[]> {
  return listRulesHistory(deps, page);
}

export function rulesVersion(deps: RulesStoreDeps, version: number): Promise<RuleSet | null> {
  return loadRulesVersion(deps, version);
}

async function audit(deps: RulesStoreDeps, action: string, before: RuleSet | null, after: RuleSet, author: Actor): Promise<void> {
  const change = before && before.storeCurrency !== after.storeCurrency ? await withFraudCaps(deps, before, after) : { before, after };
  await recordAudit({ actor: author.email, action, target: `prices:v${after.version}`, ...change, ip: author.ip }, { kv: deps.kv, clock: deps.clock });
}

/**
 * Across a change of store currency the row says what the fraud screen's amount caps are in
 * each: nothing is written to them (they keep the currency the owner set them in), but from
 * this version on every checkout is screened against them as converted here; null when no
 * version of the prices relates the two currencies, and checkouts are refused until the owner
 * sets the caps again (decision 217).
 */
async function withFraudCaps(deps: RulesStoreDeps, before: RuleSet, after: RuleSet) {
  const caps = await loadFraudRules(deps.kv);
  const [was, now] = await Promise.all([fraudRulesIn(deps, caps, before.storeCurrency), fraudRulesIn(deps, caps, after.storeCurrency)]);
  return { before: { ...before, fraudAmountCaps: amountCapsOf(was) }, after: { ...after, fraudAmountCaps: amountCapsOf(now) } };
}

/** The shop's own deps for every function above (the preview also reads the cached catalogue). */
export async function shopPricingAdminDeps(): Promise<RulesStoreDeps & { catalog: UpstreamCacheDeps }> {
  return { ...(await shopRulesDeps()), catalog: await catalogDeps() };
}
