// A top-up's problem (lib/catalog/top-up-amount.ts) in words: the page's, in the buyer's
// language, and the API's `message`, in English (english.ts), from the same messages.
import type { TopUpProblem } from "@/lib/catalog/top-up-amount";
import { formatMoney } from "@/lib/money/format-money";
import { LOCALE_TAGS, type Locale } from "./locales";
import type { Translator } from "./translator";

/** Besides the server's problems, the page's own: no answer, or one it does not know yet. */
export type TopUpWordsProblem = TopUpProblem | { code: "unreachable" } | { code: "other"; message: string };

export function topUpProblemInWords(t: Translator, locale: Locale, problem: TopUpWordsProblem): string {
  switch (problem.code) {
    case "out_of_range":
      return t("amount.out_of_range", { min: formatMoney(problem.min, LOCALE_TAGS[locale]), max: formatMoney(problem.max, LOCALE_TAGS[locale]) });
    case "not_a_number":
      return t("amount.not_a_number", { example: problem.example });
    case "whole_number":
    case "unknown_currency":
      return t(`amount.${problem.code}`, { currency: problem.currency });
    case "too_many_decimals":
      return t("amount.too_many_decimals", { currency: problem.currency, decimals: problem.decimals });
    case "other":
      return problem.message;
    default:
      return t(`amount.${problem.code}`);
  }
}
