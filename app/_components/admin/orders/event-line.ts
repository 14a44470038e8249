// One line of an order's event log in the reader's language: the move between states in the
// admin's state words, and the note from its kind and values (say-words.ts). A note recorded in
// English only (before notes had words, or of a kind no longer written) is kept as recorded,
// for the page to mark as English.
import { sayWords } from "@/app/_components/admin/words/say-words";
import type { OrderEvent } from "@/lib/checkout/order-record";
import { orderStateSchema, type OrderState } from "@/lib/checkout/order-states";
import type { Translator } from "@/lib/i18n/translator";

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

export function eventLine(event: OrderEvent, t: Translator, locale: string): EventLine {
  const state = (value: OrderState) => t(`admin.orders.filters.stateChoices.${value}`);
  const parsed = event.to ? MOVE.exec(event.what) : null;
  const from = parsed ? orderStateSchema.safeParse(parsed[1]) : null;
  const move = event.to && from?.success ? { from: state(from.data), to: state(event.to) } : null;
  const note = move && parsed ? (parsed[3] ?? "") : event.what;
  const said = event.words ? sayWords(event.words, "admin.orders.events", t, locale) : null;
  return said === null ? { move, said: null, recorded: note } : { move, said, recorded: null };
}
