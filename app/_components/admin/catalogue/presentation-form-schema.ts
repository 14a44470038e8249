// The service editor's form as the browser sends it (one flat text value per input), turned into
// what lib/catalog/presentation saves and checked with that library's own schema, so the browser
// and the server action refuse the same input and name the same field. Amounts are typed in the
// currency's major units ("25.50") and converted to minor units here with lib/money, so no float
// ever holds money. Browser-safe: the allowed image hosts are handed in by the page.
import { z } from "zod";
import { firstIssue } from "@/lib/http/first-issue";
import { parseMoneyInput, type MoneyInputProblem } from "@/lib/money/parse-money-input";
import {
  PRESENTATION_LIMITS,
  servicePresentationInputSchema,
  type PresentationSchemaOptions,
  type ServicePresentationInput,
} from "@/lib/catalog/presentation/presentation-input";

/** The preset inputs, one per preset the library allows. */
export const PRESET_SLOTS = Array.from({ length: PRESENTATION_LIMITS.presets }, (_, slot) => slot);
export const presetField = (slot: number) => `topUp.presets.${slot}`;
/** One name per voucher, as with the list's checkboxes: the admin reads one value per name. */
export const hiddenVoucherField = (voucherId: number) => `hideVoucher-${voucherId}`;
const HIDDEN_VOUCHER = /^hideVoucher-(\d{1,15})$/;

const text = z.string({ error: "expected text" }).optional().transform((value) => value ?? "");
/** A checked box sends its value, an unchecked one nothing at all. */
const checkbox = z.string().optional().transform((value) => value !== undefined);

const formShape = z.looseObject({
  serviceId: z.string({ error: "expected a service id" }).regex(/^\d{1,15}$/, { error: "expected a service id" }).transform(Number),
  "name.en": text,
  "name.zh": text,
  "summary.en": text,
  "summary.zh": text,
  "description.en": text,
  "description.zh": text,
  image: text,
  featured: checkbox,
  hidden: checkbox,
  sortOrder: text,
  /** Set by the page for a balance top-up only: the service's settlement currency. */
  "topUp.currency": text,
  "topUp.min": text,
  "topUp.max": text,
});

type FormShape = z.output<typeof formShape>;

function moneyWords(problem: MoneyInputProblem): string {
  switch (problem.code) {
    case "empty":
      return "enter an amount";
    case "not_a_number":
      return `expected an amount such as ${problem.example}`;
    case "whole_number":
      return `whole ${problem.currency} only`;
    case "too_many_decimals":
      return `at most ${problem.decimals} decimals`;
    case "unknown_currency":
      return `unknown currency ${problem.currency}`;
  }
}

interface Converted {
  input: ServicePresentationInput;
  /** The preset slot each entry of input.topUp.presetsMinor came from (empty slots are skipped). */
  presetSlots: number[];
}

type Problem = { field: string; message: string };

function toMinor(field: string, typed: string, currency: string): { ok: true; minor: number } | { ok: false; problem: Problem } {
  const parsed = parseMoneyInput(typed, currency);
  return parsed.ok ? { ok: true, minor: parsed.value.minor } : { ok: false, problem: { field, message: moneyWords(parsed.error) } };
}

function topUpOf(form: FormShape): { ok: true; range: ServicePresentationInput["topUp"]; presetSlots: number[] } | { ok: false; problem: Problem } {
  const currency = form["topUp.currency"];
  const presets = PRESET_SLOTS.map((slot) => {
    const value = form[presetField(slot)];
    return { slot, typed: typeof value === "string" ? value.trim() : "" };
  }).filter((preset) => preset.typed !== "");
  // Nothing typed: the currency's default range (lib/catalog/top-up-defaults.ts).
  if (currency === "" || (form["topUp.min"].trim() === "" && form["topUp.max"].trim() === "" && presets.length === 0)) {
    return { ok: true, range: null, presetSlots: [] };
  }
  const min = toMinor("topUp.min", form["topUp.min"], currency);
  if (!min.ok) return min;
  const max = toMinor("topUp.max", form["topUp.max"], currency);
  if (!max.ok) return max;
  const presetsMinor: number[] = [];
  for (const preset of presets) {
    const amount = toMinor(presetField(preset.slot), preset.typed, currency);
    if (!amount.ok) return amount;
    presetsMinor.push(amount.minor);
  }
  return { ok: true, range: { currency, minMinor: min.minor, maxMinor: max.minor, presetsMinor }, presetSlots: presets.map((p) => p.slot) };
}

function sortOrderOf(typed: string): { ok: true; value: number | null } | { ok: false; problem: Problem } {
  const trimmed = typed.trim();
  if (trimmed === "") return { ok: true, value: null };
  return /^[+-]?\d{1,6}$/.test(trimmed) ? { ok: true, value: Number(trimmed) } : { ok: false, problem: { field: "sortOrder", message: "expected a whole number" } };
}

function convert(form: FormShape): { ok: true; converted: Converted } | { ok: false; problem: Problem } {
  const sortOrder = sortOrderOf(form.sortOrder);
  if (!sortOrder.ok) return sortOrder;
  const topUp = topUpOf(form);
  if (!topUp.ok) return topUp;
  const hiddenVouchers = Object.keys(form).flatMap((key) => {
    const match = HIDDEN_VOUCHER.exec(key);
    return match ? [Number(match[1])] : [];
  });
  return {
    ok: true,
    converted: {
      input: {
        name: { en: form["name.en"], zh: form["name.zh"] },
        summary: { en: form["summary.en"], zh: form["summary.zh"] },
        description: { en: form["description.en"], zh: form["description.zh"] },
        image: form.image,
        featured: form.featured,
        hidden: form.hidden,
        sortOrder: sortOrder.value,
        topUp: topUp.range,
        hiddenVouchers,
      },
      presetSlots: topUp.presetSlots,
    },
  };
}

/**
 * The form input that a field of the library's input comes from: "topUp.presetsMinor.1" is the
 * second preset typed, whichever slot it was typed in; the range's currency is the page's, so a
 * problem with it is shown at the minimum.
 */
export function formFieldOf(libraryField: string, presetSlots: readonly number[]): string {
  const [head, part, index] = libraryField.split(".");
  if (head !== "topUp") return head === "hiddenVouchers" ? "hiddenVouchers" : libraryField;
  if (part === "maxMinor") return "topUp.max";
  if (part === "presetsMinor") return presetField(presetSlots[Number(index)] ?? 0);
  return "topUp.min";
}

/** The editor's form schema: what it yields is the library's input, already checked by it. */
export function presentationFormSchema(options: PresentationSchemaOptions) {
  const library = servicePresentationInputSchema(options);
  return formShape.transform((form, ctx) => {
    const result = convert(form);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", path: [result.problem.field], message: result.problem.message });
      return z.NEVER;
    }
    const checked = library.safeParse(result.converted.input);
    if (!checked.success) {
      const { field, message } = firstIssue(checked.error, "");
      ctx.addIssue({ code: "custom", path: [formFieldOf(field, result.converted.presetSlots)], message });
      return z.NEVER;
    }
    return { serviceId: form.serviceId, ...result.converted };
  });
}

export type PresentationForm = z.output<ReturnType<typeof presentationFormSchema>>;
