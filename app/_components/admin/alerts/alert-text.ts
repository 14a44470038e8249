// An alert's title and detail in the reader's language, from the words it was raised with: its
// kind (admin.alerts.kinds) and values, money formatted here, and, for an alert the checkout
// raised about an order, its detail's own words (admin.alerts.details, say-words.ts). An alert
// recorded before words existed, or of a kind this release does not know, keeps the English it
// was raised with; a detail without words is kept apart as "as recorded", for the reader to open.
import { sayWords } from "@/app/_components/admin/words/say-words";
import type { AlertRecord } from "@/lib/alerts";
import type { Translator } from "@/lib/i18n/translator";

export interface AlertText {
  title: string;
  detail: string;
  /** The English detail as raised, when the words do not carry it. */
  recorded: string | null;
  /** Title and detail are the English as raised (no words to say them with). */
  english: boolean;
}

export function alertText(alert: AlertRecord, t: Translator, locale: string): AlertText {
  const words = alert.words;
  // The kinds' messages are a title and maybe a detail under the kind's key.
  const said = (part: "title" | "detail") => (words ? sayWords({ kind: part, values: words.values }, `admin.alerts.kinds.${words.kind}`, t, locale) : null);
  const title = said("title");
  if (!words || title === null) return { title: alert.title, detail: alert.detail, recorded: null, english: true };
  const detail = words.detail ? sayWords(words.detail, "admin.alerts.details", t, locale) : said("detail");
  return detail === null ? { title, detail: "", recorded: alert.detail, english: false } : { title, detail, recorded: null, english: false };
}
