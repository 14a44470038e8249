// The edits the price editor makes to a draft of the rules: set or remove one rule at a level,
// and where a new rule starts from. A new rule starts as a copy of the rule it will override
// (docs/architecture-decisions.md item 69: a rule applies whole, never merged with the levels
// above), so adding a brand rule and changing only its markup keeps the rest as buyers have it now.
import type { Rule, RuleContent } from "@/lib/pricing/rule-set";
import type { EditableLevel } from "./rule-form-schema";

const RECORD = { brand: "brands", service: "services", voucher: "vouchers" } as const;

/** The rule stored at exactly this level and key, if there is one. */
export function ruleAt(content: RuleContent, level: EditableLevel, key: string): Rule | undefined {
  return level === "global" ? content.global : content[RECORD[level]][key];
}

/** The rule that applies above a new rule: for a voucher its service's, its brand's or the global one. */
export function ruleAbove(content: RuleContent, level: EditableLevel, parents: { serviceId?: string; brandKey?: string }): Rule {
  const service = level === "voucher" && parents.serviceId ? content.services[parents.serviceId] : undefined;
  const brand = (level === "voucher" || level === "service") && parents.brandKey ? content.brands[parents.brandKey] : undefined;
  return service ?? brand ?? content.global;
}

/** The content with `rule` set at the level (null: the rule removed; the global rule cannot be). */
export function withRule(content: RuleContent, level: EditableLevel, key: string, rule: Rule | null): RuleContent {
  if (level === "global") return rule ? { ...content, global: rule } : content;
  const record = { ...content[RECORD[level]] };
  if (rule) record[key] = rule;
  else delete record[key];
  return { ...content, [RECORD[level]]: record };
}
