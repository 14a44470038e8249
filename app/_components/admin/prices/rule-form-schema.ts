// One rule as the price editor's form sends it (one flat text value per input), turned into the
// rule lib/pricing stores and checked with its own schema, so the browser and the server action
// refuse the same input and name the same field. Amounts are typed in the store currency's major
// units ("0.30") and turned into minor units with lib/money, so no float ever holds money. Each
// problem is a key of the admin.prices.problems messages, said in the reader's language.
import { z } from "zod";
import { chargeStepMinor } from "@/lib/money/stripe-amount";
import { parseMoneyInput } from "@/lib/money/parse-money-input";
import { ruleContentSchema, type Rule, type RuleInput } from "@/lib/pricing/rule-set";
import { isPlainDecimal, scaledDecimal } from "@/lib/pricing/scaled-decimal";

export const RULE_LEVELS = ["global", "brand", "service", "voucher"] as const;
export type EditableLevel = (typeof RULE_LEVELS)[number];
export const ROUNDING_MODES = ["none", "whole", "charm_99", "charm_49_99", "step"] as const;
/** The most tiers a rule may have (lib/pricing/rule-set.ts). */
export const MAX_TIERS = 20;
export const tierField = (slot: number, part: "from" | "markup") => `tiers.${slot}.${part}`;
const TIER_FIELD = /^tiers\.(\d{1,2})\.(from|markup)$/;

export type FieldProblem = { field: string; problem: string };

const text = z.string().optional().transform((value) => (value ?? "").trim());

/** Which rule: the global one, or a brand (its key), a service or a voucher (its id). */
export const ruleTargetShape = {
  level: z.enum(RULE_LEVELS, { error: "level" }),
  key: text,
};

const TARGET_KEY: Record<EditableLevel, RegExp> = {
  global: /^$/,
  brand: /^[a-z0-9]+(-[a-z0-9]+)*$/,
  service: /^[1-9]\d{0,14}$/,
  voucher: /^[1-9]\d{0,14}$/,
};

export function targetKeyProblem(level: EditableLevel, key: string): FieldProblem | null {
  return TARGET_KEY[level].test(key) ? null : { field: "key", problem: "target" };
}

const formShape = z.looseObject({
  ...ruleTargetShape,
  storeCurrency: z.string({ error: "currency" }).regex(/^[A-Z]{3}$/, { error: "currency" }),
  markupPercent: text,
  fixed: text,
  rounding: z.enum(ROUNDING_MODES, { error: "rounding" }),
  roundingStep: text,
  minMarginAmount: text,
  minMarginPercent: text,
  ceilingPercent: text,
});

type Form = z.output<typeof formShape>;
type Converted<T> = { ok: true; value: T } | { ok: false; problem: FieldProblem };

const MAX_PERCENT = scaledDecimal("1000");

function percentOf(field: string, typed: string, blank: string | null): Converted<string | null> {
  if (typed === "") return { ok: true, value: blank };
  const normal = typed.replace(",", ".");
  if (!isPlainDecimal(normal) || scaledDecimal(normal) > MAX_PERCENT) return { ok: false, problem: { field, problem: "percent" } };
  return { ok: true, value: normal };
}

function amountOf(field: string, typed: string, currency: string): Converted<number> {
  if (typed === "") return { ok: true, value: 0 };
  const parsed = parseMoneyInput(typed, currency);
  return parsed.ok ? { ok: true, value: parsed.value.minor } : { ok: false, problem: { field, problem: "amount" } };
}

/** The tier inputs filled in, by slot; a slot with one of its two inputs empty is a problem. */
function tiersOf(form: Form): Converted<{ fromCostMinor: number; markupPercent: string; slot: number }[]> {
  const slots = new Set<number>();
  for (const name of Object.keys(form)) {
    const match = TIER_FIELD.exec(name);
    if (match && Number(match[1]) < MAX_TIERS) slots.add(Number(match[1]));
  }
  const tiers: { fromCostMinor: number; markupPercent: string; slot: number }[] = [];
  for (const slot of [...slots].sort((a, b) => a - b)) {
    const from = String(form[tierField(slot, "from")] ?? "").trim();
    const markup = String(form[tierField(slot, "markup")] ?? "").trim();
    if (from === "" && markup === "") continue;
    if (from === "") return { ok: false, problem: { field: tierField(slot, "from"), problem: "tierIncomplete" } };
    if (markup === "") return { ok: false, problem: { field: tierField(slot, "markup"), problem: "tierIncomplete" } };
    const cost = amountOf(tierField(slot, "from"), from, form.storeCurrency);
    if (!cost.ok) return cost;
    if (cost.value < 1) return { ok: false, problem: { field: tierField(slot, "from"), problem: "amount" } };
    const previous = tiers.at(-1);
    if (previous && cost.value <= previous.fromCostMinor) return { ok: false, problem: { field: tierField(slot, "from"), problem: "tierOrder" } };
    const percent = percentOf(tierField(slot, "markup"), markup, null);
    if (!percent.ok) return percent;
    tiers.push({ fromCostMinor: cost.value, markupPercent: percent.value ?? "0", slot });
  }
  return { ok: true, value: tiers };
}

function roundingOf(form: Form): Converted<RuleInput["rounding"]> {
  if (form.rounding !== "step") return { ok: true, value: { mode: form.rounding } };
  const step = amountOf("roundingStep", form.roundingStep, form.storeCurrency);
  if (!step.ok) return step;
  // A step must land on amounts the payment provider can charge (10 fils for KWD).
  if (step.value < 1 || step.value % chargeStepMinor(form.storeCurrency) !== 0) return { ok: false, problem: { field: "roundingStep", problem: "step" } };
  return { ok: true, value: { mode: "step", stepMinor: step.value } };
}

function convert(form: Form): Converted<RuleInput> {
  const markup = percentOf("markupPercent", form.markupPercent, "0");
  if (!markup.ok) return markup;
  const fixed = amountOf("fixed", form.fixed, form.storeCurrency);
  if (!fixed.ok) return fixed;
  const tiers = tiersOf(form);
  if (!tiers.ok) return tiers;
  const rounding = roundingOf(form);
  if (!rounding.ok) return rounding;
  const minAmount = amountOf("minMarginAmount", form.minMarginAmount, form.storeCurrency);
  if (!minAmount.ok) return minAmount;
  const minPercent = percentOf("minMarginPercent", form.minMarginPercent, "0");
  if (!minPercent.ok) return minPercent;
  const ceiling = percentOf("ceilingPercent", form.ceilingPercent, null);
  if (!ceiling.ok) return ceiling;
  if (ceiling.value !== null && scaledDecimal(ceiling.value) === 0n) return { ok: false, problem: { field: "ceilingPercent", problem: "ceiling" } };
  return {
    ok: true,
    value: {
      markupPercent: markup.value ?? "0",
      fixedMinor: fixed.value,
      tiers: tiers.value.map(({ fromCostMinor, markupPercent }) => ({ fromCostMinor, markupPercent })),
      rounding: rounding.value,
      minMargin: { minor: minAmount.value, percent: minPercent.value ?? "0" },
      ceiling: ceiling.value === null ? null : { faceValuePercent: ceiling.value },
    },
  };
}

export interface RuleForm {
  level: EditableLevel;
  key: string;
  /** The currency the amounts were typed in, as the page said it. */
  storeCurrency: string;
  rule: Rule;
}

/** The rule form: its target and the rule, checked as lib/pricing checks a stored one. */
export const ruleFormSchema = formShape.transform((form, ctx): RuleForm => {
  const fail = ({ field, problem }: FieldProblem) => {
    ctx.addIssue({ code: "custom", path: [field], message: problem });
    return z.NEVER;
  };
  const target = targetKeyProblem(form.level, form.key);
  if (target) return fail(target);
  const converted = convert(form);
  if (!converted.ok) return fail(converted.problem);
  // The library's own check, as it will run on the whole set when the draft is saved.
  const checked = ruleContentSchema.safeParse({ storeCurrency: form.storeCurrency, global: converted.value });
  if (!checked.success) return fail({ field: "markupPercent", problem: "rule" });
  return { level: form.level, key: form.key, storeCurrency: form.storeCurrency, rule: checked.data.global };
});
