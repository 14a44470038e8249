// The purchase panel's problems in the buyer's language: a typed amount the browser or the
// server refused, and a checkout that could not start. Codes come from lib (top-up-amount.ts,
// quote-top-up.ts) and post-checkout.ts; only a refusal the shop words itself stays in English.
import { formatMoney } from "@/lib/money/format-money";
import { LOCALE_TAGS, type Locale } from "@/lib/i18n/locales";
import type { Translator } from "../i18n/words";
import type { TopUpPriceProblem } from "./fetch-top-up-price";
import type { CheckoutProblem } from "./post-checkout";

export function topUpProblemInWords(t: Translator, locale: Locale, problem: TopUpPriceProblem): string {
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

export function checkoutProblemInWords(t: Translator, problem: CheckoutProblem): string {
  switch (problem.code) {
    case "unreachable":
      return t("checkout.unreachable");
    case "too_many":
      return t("checkout.tooMany", { seconds: problem.seconds ?? 0 });
    case "failed":
      return t("checkout.failed", { status: problem.status });
    case "refused":
      return problem.message;
  }
}
