"use server";
// The owner's changes to the prices. Edits (a rule, a removal, the rates) go to the person's
// draft, and the page then previews the draft on the server with the one pricing function; "Save"
// saves exactly the draft that was previewed, from the version it was made from, so a save made
// meanwhile by someone else is refused rather than overwritten. Saves and restores are audited by
// lib/pricing and expire every page that shows a price, so buyers see the change on their next
// request. Staff may look but not change: every action needs the owner.
import { redirect } from "next/navigation";
import { loadEditorState, type EditorState } from "@/app/_components/admin/prices/editor-state";
import { withRule } from "@/app/_components/admin/prices/draft-edits";
import { PRICES_FORM_SCHEMAS } from "@/app/_components/admin/prices/prices-form-schemas";
import { applyRatesForm } from "@/app/_components/admin/prices/rates-form-schema";
import type { ActionState } from "@/lib/auth/guard/admin-guard";
import { adminAction } from "@/lib/shop/admin-guard";
import { actorOf } from "@/lib/auth/guard/actor-of";
import type { AdminContext } from "@/lib/auth/guard/current-admin";
import { restoreRulesAsOwner, saveRulesAsOwner, upstreamCurrencies } from "@/lib/shop/pricing-admin";
import { changeStoreCurrency } from "@/lib/pricing/change-store-currency";
import { afterRulesSaved } from "@/lib/shop/after-rules-saved";
import { discardDraft, draftStamp, readDraft, writeDraft } from "@/lib/pricing/rule-drafts";
import { ruleContentSchema, type RuleContent } from "@/lib/pricing/rule-set";
import type { SaveRulesError } from "@/lib/pricing/rules-store";

const EDITOR = "/admin/prices";

/** Put the edited content in the person's draft and show its preview; refused whole if the set is not valid. */
async function editDraft(admin: AdminContext, edit: (content: RuleContent, now: number) => RuleContent, loaded?: EditorState): Promise<ActionState> {
  const state = loaded ?? (await loadEditorState(admin));
  const now = state.deps.clock.now();
  const content = ruleContentSchema.safeParse(edit(state.working.content, now));
  if (!content.success) return { ok: false, code: "invalid", field: "markupPercent", message: "rule" };
  await writeDraft(state.deps, admin.email, { baseVersion: state.working.baseVersion, content: content.data, updatedAt: now });
  // No #preview: from the editor page itself the router would take it for a jump within the page
  // and never fetch the preview. The preview comes first on the page anyway.
  redirect(EDITOR);
}

function saveRefused(error: SaveRulesError): ActionState {
  switch (error.code) {
    case "conflict":
      return { ok: false, code: "refused", message: "conflict", data: { version: String(error.currentVersion ?? "") } };
    case "not_found":
      return { ok: false, code: "refused", message: "noSuchVersion" };
    case "invalid":
      return { ok: false, code: "refused", message: "invalidRules" };
  }
}

export const previewRule = adminAction("owner", PRICES_FORM_SCHEMAS.rule, async ({ level, key, rule, storeCurrency }, admin) => {
  const state = await loadEditorState(admin);
  // Amounts were typed in this currency: a page read before it changed would misread them.
  if (storeCurrency !== state.working.content.storeCurrency) return { ok: false, code: "refused", message: "currencyChanged" };
  return editDraft(admin, (content) => withRule(content, level, key, rule), state);
});

export const removeRule = adminAction("owner", PRICES_FORM_SCHEMAS.removeRule, async ({ level, key }, admin) => editDraft(admin, (content) => withRule(content, level, key, null)));

export const previewRates = adminAction("owner", PRICES_FORM_SCHEMAS.rates, async (form, admin) => {
  const state = await loadEditorState(admin);
  if (form.storeCurrency !== state.working.content.storeCurrency) return { ok: false, code: "refused", message: "currencyChanged" };
  return editDraft(admin, (content, now) => ({ ...content, rates: applyRatesForm(content.rates, form, now) }), state);
});

/** A new store currency in the draft, its rates typed and every amount converted; refused naming each rate missing. */
export const previewCurrency = adminAction("owner", PRICES_FORM_SCHEMAS.currency, async ({ from, to, rates }, admin) => {
  const state = await loadEditorState(admin);
  if (from !== state.working.content.storeCurrency) return { ok: false, code: "refused", message: "currencyChanged" };
  const upstream = await upstreamCurrencies(state.deps.catalog);
  if (!upstream.ok) return { ok: false, code: "refused", message: "currencyCatalogUnavailable" };
  const changed = changeStoreCurrency(state.working.content, upstream.value, { to, rates, now: state.deps.clock.now() });
  if (!changed.ok) {
    switch (changed.error.code) {
      case "missing_rates":
        return { ok: false, code: "refused", message: "missingRates", data: { currencies: changed.error.currencies.join(", "), to } };
      case "same_currency":
        return { ok: false, code: "refused", message: "sameCurrency", data: { to } };
      case "invalid":
        return { ok: false, code: "refused", message: "currencyInvalid", data: { to } };
    }
  }
  return editDraft(admin, () => changed.value, state);
});

export const discardEdits = adminAction("owner", PRICES_FORM_SCHEMAS.discard, async (_input, admin) => {
  const state = await loadEditorState(admin);
  await discardDraft(state.deps, admin.email);
  redirect(EDITOR);
});

export const saveEdits = adminAction("owner", PRICES_FORM_SCHEMAS.save, async ({ expectedVersion, stamp, note }, admin) => {
  const state = await loadEditorState(admin);
  const draft = await readDraft(state.deps, admin.email);
  // Only what the owner saw previewed: another tab's later edit changes the stamp.
  if (!draft || draft.baseVersion !== expectedVersion || draftStamp(draft) !== stamp) return { ok: false, code: "refused", message: "draftChanged" };
  const saved = await saveRulesAsOwner(state.deps, { expectedVersion, content: draft.content, note }, actorOf(admin));
  if (!saved.ok) return saveRefused(saved.error);
  await discardDraft(state.deps, admin.email);
  afterRulesSaved({ from: "server-action" });
  redirect(`${EDITOR}?saved=${saved.value.version}`);
});

export const restoreVersion = adminAction("owner", PRICES_FORM_SCHEMAS.restore, async ({ version, expectedVersion, note }, admin) => {
  const state = await loadEditorState(admin);
  const restored = await restoreRulesAsOwner(state.deps, { version, expectedVersion, note: note || undefined }, actorOf(admin));
  if (!restored.ok) return saveRefused(restored.error);
  afterRulesSaved({ from: "server-action" });
  redirect(`${EDITOR}/history?restored=${restored.value.version}&from=${version}`);
});
