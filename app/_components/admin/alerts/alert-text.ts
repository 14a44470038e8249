// An alert's title and detail in the reader's language, from the words it was raised with (its
// kind and values, money formatted here). An alert recorded before words existed, or of a kind
// this release does not know, keeps the English text it was raised with. A detail written by
// the checkout in its own words (an order that needs the owner) is kept apart as "as recorded",
// for the reader to open.
import type { getTranslations } from "next-intl/server";
import type { AlertRecord } from "@/lib/alerts";
import { formatMoney } from "@/lib/money";

type T = Awaited<ReturnType<typeof getTranslations<"admin.alerts">>>;

export interface AlertText {
  title: string;
  detail: string;
  /** The English detail as raised, when the words do not carry it. */
  recorded: string | null;
}

export function alertText(alert: AlertRecord, t: T, locale: string): AlertText {
  const words = alert.words;
  // The kind comes from a stored record, so its keys are looked up, not typed.
  const say = t as unknown as (key: string, values: Record<string, string | number>) => string;
  const has = (key: string) => t.has(key as Parameters<T["has"]>[0]);
  if (!words || !has(`kinds.${words.kind}.title`)) return { title: alert.title, detail: alert.detail, recorded: null };
  const values = Object.fromEntries(Object.entries(words.values).map(([name, value]) => [name, typeof value === "object" ? formatMoney(value, locale) : value]));
  const detailKey = `kinds.${words.kind}.detail`;
  const hasDetail = has(detailKey);
  return { title: say(`kinds.${words.kind}.title`, values), detail: hasDetail ? say(detailKey, values) : "", recorded: hasDetail ? null : alert.detail };
}
