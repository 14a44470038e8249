// What the price editor's pages and actions start from: the current rules, with their stale rates,
// and the person's draft if they have one. Edits apply to the draft, or to a copy of the current
// rules made the first time they edit, so an owner who only looks leaves nothing behind.
import type { AdminContext } from "@/lib/auth/guard/current-admin";
import { env } from "@/lib/config/env";
import { loadRulesForEditor, shopPricingAdminDeps, type EditorRules } from "@/lib/shop/pricing-admin";
import { readDraft, type RuleDraft } from "@/lib/pricing/rule-drafts";
import { ruleContentSchema, type RuleContent } from "@/lib/pricing/rule-set";

export type PricingAdminDeps = Awaited<ReturnType<typeof shopPricingAdminDeps>>;

export interface EditorState extends EditorRules {
  deps: PricingAdminDeps;
  /** The person's unsaved edits, or null. */
  draft: RuleDraft | null;
  /** What an edit changes: the draft, else the current rules. */
  working: { baseVersion: number; content: RuleContent };
}

export async function loadEditorState(admin: Pick<AdminContext, "email">): Promise<EditorState> {
  const deps = await shopPricingAdminDeps();
  const [editor, draft] = await Promise.all([loadRulesForEditor(deps, env().PRICE_RATE_MAX_AGE_HOURS), readDraft(deps, admin.email)]);
  // Parsing as content leaves the version's own facts behind.
  const working = draft ?? { baseVersion: editor.rules.version, content: ruleContentSchema.parse(editor.rules) };
  return { ...editor, deps, draft, working };
}
