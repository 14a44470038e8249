// A screening refusal's detail in the reader's language: its kind's words under
// admin.fraud.refusalDetails with its values (a blocklist entry's kind in the admin's words for
// kinds, say-words.ts). A refusal recorded in English before details had words is shown as it was
// recorded; a kind without words (lib/fraud/refusal-log.test.ts holds every kind to words in both
// languages) as its kind and values rather than nothing.
import { sayWords } from "@/app/_components/admin/words/say-words";
import type { Refusal } from "@/lib/fraud/refusal-log";
import type { Translator } from "@/lib/i18n/translator";

export function refusalDetailText(detail: Refusal["detail"], t: Translator, locale: string): string {
  if (typeof detail === "string") return detail;
  return sayWords(detail, "admin.fraud.refusalDetails", t, locale) ?? `${detail.kind} ${JSON.stringify(detail.values)}`;
}
