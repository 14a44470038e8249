// One line of an order's event log in the reader's language: the move between states in the
// admin's state words, and the note from its kind and values (money formatted here). A note
// recorded in English only (before notes had words, or from a step that has none yet) is kept
// as recorded, for the page to mark as English. Screening reason codes (`why`) and an order
// state (`state`) among the values are said in words too.
import type { getTranslations } from "next-intl/server";
import type { EventWords } from "@/lib/checkout/event-notes";
import type { OrderEvent } from "@/lib/checkout/order-record";
import { orderStateSchema, type OrderState } from "@/lib/checkout/order-states";
import { formatMoney } from "@/lib/money";

type T = Awaited<ReturnType<typeof getTranslations<"admin.orders">>>;

export interface EventLine {
  /** The states' words, when the event is a move. */
  move: { from: string; to: string } | null;
  /** The note in the reader's language. */
  said: string | null;
  /** The English note as recorded, when no words carry it. */
  recorded: string | null;
}

/** The store writes a move as "from → to: note" (order-store.ts). */
const MOVE = /^([a-z_]+) → ([a-z_]+): ([\s\S]*)$/;

/** A screening reason code's words (admin.review.reasons), or undefined for a code it does not know. */
export type ReasonWord = (code: string) => string | undefined;

export function eventLine(event: OrderEvent, t: T, locale: string, reasonWord: ReasonWord = () => undefined): EventLine {
  const state = (value: OrderState) => t(`filters.stateChoices.${value}`);
  const parsed = event.to ? MOVE.exec(event.what) : null;
  const from = parsed ? orderStateSchema.safeParse(parsed[1]) : null;
  const move = event.to && from?.success ? { from: state(from.data), to: state(event.to) } : null;
  const note = move && parsed ? (parsed[3] ?? "") : event.what;
  const words = event.words;
  // The kind comes from a stored record, so its key is looked up, not typed.
  const key = words ? `events.${words.kind}` : null;
  if (!words || !key || !t.has(key as Parameters<T["has"]>[0])) return { move, said: null, recorded: note };
  const say = t as unknown as (key: string, values: Record<string, string | number>) => string;
  const value = (name: string, value: EventWords["values"][string]): string | number => {
    if (typeof value === "object") return formatMoney(value, locale);
    if (name === "why" && typeof value === "string") return reasonsSaid(value, reasonWord, locale);
    const known = name === "state" ? orderStateSchema.safeParse(value) : null;
    return known?.success ? state(known.data) : value;
  };
  const values = Object.fromEntries(Object.entries(words.values).map(([name, v]) => [name, value(name, v)]));
  return { move, said: say(key, values), recorded: null };
}

/** Screening stores its reasons as codes joined by ", " (screen.ts); each known code in words. */
function reasonsSaid(why: string, reasonWord: ReasonWord, locale: string): string {
  return why
    .split(", ")
    .map((code) => reasonWord(code) ?? code)
    .join(locale.startsWith("zh") ? "、" : ", ");
}
