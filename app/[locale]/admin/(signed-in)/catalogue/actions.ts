"use server";
// The owner's choice of face-value comparisons (saveFaceValueComparison, at the end), and the
// owner's bulk actions on the catalogue list: hide, show, feature or unfeature the ticked
// products, or every product matching the filters (resolved here, on every page of the list),
// in one write that the library audits; the storefront shows it on the next request.
// The price actions go through the price editor's draft rather than saving at once: "rule" opens
// the form of one service rule for those products, whose preview puts that rule on each of them
// in the owner's draft, and "clearRule" removes their service rules from it; both then show the
// editor's preview at /admin/prices, whose "Save" makes all of it one audited version of the rules
// (one undo restores every service) under a compare-and-set on the version it was made from, so
// a second click saves nothing twice.
import { redirect } from "next/navigation";
import { bulkFormSchema } from "@/app/_components/admin/catalogue/bulk-form-schema";
import { bulkRuleFormSchema, ruleTargetsParams, type RuleTargets } from "@/app/_components/admin/catalogue/bulk-rule-form-schema";
import { faceValueFormSchema } from "@/app/_components/admin/catalogue/catalogue-form-schemas";
import { matchesFilters } from "@/app/_components/admin/catalogue/catalogue-query";
import { writeRefused } from "@/app/_components/admin/catalogue/write-answer";
import { withRule } from "@/app/_components/admin/prices/draft-edits";
import { loadEditorState } from "@/app/_components/admin/prices/editor-state";
import type { ActionState } from "@/lib/auth/guard/admin-guard";
import { adminAction } from "@/lib/shop/admin-guard";
import { actorOf } from "@/lib/auth/guard/actor-of";
import type { AdminContext } from "@/lib/auth/guard/current-admin";
import { bulkUpdatePresentation, listPresentation } from "@/lib/catalog/presentation";
import { afterPresentationSaved } from "@/lib/shop/after-presentation-saved";
import { catalogDeps } from "@/lib/shop/catalog-deps";
import { changeFaceValueComparison } from "@/lib/shop/face-value-comparison";
import { writeDraft } from "@/lib/pricing/rule-drafts";
import { ruleContentSchema, type Rule } from "@/lib/pricing/rule-set";
import { err, ok, type Result } from "@/lib/result";

const PRICES_EDITOR = "/admin/prices";

/** The services acted on: the ticked ones (each still upstream's), or every one matching the filters now. */
async function targetServices({ scope, ids, filters }: RuleTargets): Promise<Result<number[], ActionState>> {
  const rows = await listPresentation(await catalogDeps());
  if (!rows.ok) return err({ ok: false, code: "refused", message: "catalogUnavailable" });
  if (scope === "selected") {
    const known = new Set(rows.value.map((row) => row.id));
    return ids.every((id) => known.has(id)) ? ok(ids) : err({ ok: false, code: "refused", message: "noSuchService" });
  }
  const matching = rows.value.filter((row) => matchesFilters(row, filters)).map((row) => row.id);
  return matching.length > 0 ? ok(matching) : err({ ok: false, code: "invalid", field: "scope", message: "no product matches the filters" });
}

/**
 * Set (or with null remove) the service rule of each service in the owner's draft and show its
 * preview. Refused whole, draft untouched, if the set would not be valid rules.
 */
async function draftServiceRules(admin: AdminContext, serviceIds: readonly number[], rule: Rule | null, storeCurrency?: string): Promise<ActionState> {
  const state = await loadEditorState(admin);
  // Amounts were typed in this currency: a page read before it changed would misread them.
  if (storeCurrency !== undefined && storeCurrency !== state.working.content.storeCurrency) return { ok: false, code: "refused", message: "currencyChanged" };
  const edited = serviceIds.reduce((content, id) => withRule(content, "service", String(id), rule), state.working.content);
  const content = ruleContentSchema.safeParse(edited);
  if (!content.success) return { ok: false, code: "invalid", field: "markupPercent", message: "rule" };
  await writeDraft(state.deps, admin.email, { baseVersion: state.working.baseVersion, content: content.data, updatedAt: state.deps.clock.now() });
  redirect(PRICES_EDITOR);
}

async function clearServiceRules(admin: AdminContext, serviceIds: readonly number[]): Promise<ActionState> {
  const { working } = await loadEditorState(admin);
  const withRules = serviceIds.filter((id) => working.content.services[String(id)] !== undefined);
  if (withRules.length === 0) return { ok: false, code: "refused", message: "noServiceRules" };
  return draftServiceRules(admin, withRules, null);
}

export const applyBulk = adminAction("owner", bulkFormSchema, async ({ action, scope, ids, filters }, admin) => {
  if (action === "rule" || action === "clearRule") {
    const targets = await targetServices({ scope, ids, filters });
    if (!targets.ok) return targets.error;
    if (action === "clearRule") return clearServiceRules(admin, targets.value);
    // The filtered products are sent on as the filters: the rule's own action reads them again.
    redirect(`/admin/catalogue/rule?${new URLSearchParams(ruleTargetsParams({ scope, ids, filters }))}`);
  }
  const deps = await catalogDeps();
  let targets = ids;
  if (scope === "filtered") {
    const rows = await listPresentation(deps);
    if (!rows.ok) return { ok: false, code: "refused", message: "catalogUnavailable" };
    targets = rows.value.filter((row) => matchesFilters(row, filters)).map((row) => row.id);
    if (targets.length === 0) return { ok: false, code: "invalid", field: "scope", message: "no product matches the filters" };
  }
  const applied = await bulkUpdatePresentation(deps, { action, ids: targets }, actorOf(admin));
  if (!applied.ok) return writeRefused(applied.error, (field) => (field.startsWith("ids") ? "ids" : field));
  afterPresentationSaved(applied.value.serviceIds);
  return { ok: true, message: `bulk_${action}`, data: { count: applied.value.serviceIds.length } };
});

/** "Preview" on the rule page: the one rule on every service it names, in the owner's draft. */
export const previewBulkRule = adminAction("owner", bulkRuleFormSchema, async ({ targets, storeCurrency, rule }, admin) => {
  const services = await targetServices(targets);
  if (!services.ok) return services.error;
  return draftServiceRules(admin, services.value, rule, storeCurrency);
});

/** Which face-value comparisons buyers see: saved and audited by the library, the product pages expired. */
export const saveFaceValueComparison = adminAction("owner", faceValueFormSchema, async ({ comparison }, admin) => {
  const saved = await changeFaceValueComparison(comparison, actorOf(admin));
  return { ok: true, message: saved.changed ? "faceValueSaved" : "faceValueUnchanged" };
});
