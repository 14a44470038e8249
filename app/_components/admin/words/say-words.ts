// Something the checkout said in words (lib/checkout/words.ts) in the reader's language: the
// message at `<at>.<kind>` with its values, money and instants formatted here, an order state, a
// screening reason code, an upstream surprise's source and a blocklist entry's kind said in the
// admin's words, and each part (a sentence the words include) said first from its own messages.
// Null when a kind or part is one this release has no words for: the caller then shows the
// English as recorded.
import type { Words } from "@/lib/checkout/words";
import { SURPRISE_SOURCES } from "@/lib/checkout/order-record";
import { orderStateSchema } from "@/lib/checkout/order-states";
import type { Translator } from "@/lib/i18n/translator";
import { formatMoney } from "@/lib/money";

/** Where a part's sentences are said, by the name the including sentence places it under. */
const PART_MESSAGES: Record<string, string> = {
  event: "admin.orders.events",
  surprise: "admin.orders.surprises",
};

type Value = Words["values"][string];

/** Values the checkout stores as ISO instants: a review's deadline, a dispute's evidence due date. */
const INSTANTS = new Set(["deadline", "due"]);

export function sayWords(words: Words, at: string, t: Translator, locale: string): string | null {
  // Kinds and parts come from stored records, so their keys are looked up, not typed.
  const has = (key: string) => t.has(key as never);
  const say = t as unknown as (key: string, values: Record<string, string | number>) => string;
  const key = `${at}.${words.kind}`;
  if (!has(key)) return null;
  const parts: Record<string, string> = {};
  for (const [name, part] of Object.entries(words.parts ?? {})) {
    const messages = PART_MESSAGES[name];
    const said = messages ? sayWords(part, messages, t, locale) : null;
    if (said === null) return null;
    parts[name] = said;
  }
  const values = Object.fromEntries(Object.entries(words.values).map(([name, value]) => [name, valueSaid(name, value, t, locale)]));
  return say(key, { ...values, ...parts });
}

function valueSaid(name: string, value: Value, t: Translator, locale: string): string | number {
  const has = (key: string) => t.has(key as never);
  const say = t as unknown as (key: string) => string;
  if (typeof value === "object") return formatMoney(value, locale);
  if (typeof value === "number") return value;
  if (INSTANTS.has(name) && !Number.isNaN(Date.parse(value))) {
    return `${new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(value))} UTC`;
  }
  if (name === "why") return reasonsSaid(value, (code) => (has(`admin.review.reasons.${code}`) ? say(`admin.review.reasons.${code}`) : code), locale);
  if (name === "state" && orderStateSchema.safeParse(value).success) return say(`admin.orders.filters.stateChoices.${value}`);
  if (name === "source" && (SURPRISE_SOURCES as readonly string[]).includes(value)) return say(`admin.orders.detail.surpriseSources.${value}`);
  // A screening refusal's blocklist entry (lib/fraud/refusal-detail.ts): its kind as the Fraud page names kinds.
  if (name === "blockKind" && has(`admin.fraud.kinds.${value}`)) return say(`admin.fraud.kinds.${value}`);
  return value;
}

/** Screening stores its reasons as codes joined by ", " (screen.ts); each known code in words. */
function reasonsSaid(why: string, word: (code: string) => string, locale: string): string {
  return why
    .split(", ")
    .map(word)
    .join(locale.startsWith("zh") ? "、" : ", ");
}
