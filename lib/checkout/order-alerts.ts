// The order's own alert (OrderRecord.alert: something the owner must act on, shown on the
// order's admin page), as a kind and values the admin says in the reader's language
// (admin.orders.alerts.<kind>). `alert` keeps the English, as it did before it had words, for
// the orders export and for orders whose alert was written before; `alertWords` carries the words.
import { noteText, noteWords, type EventNote } from "./event-notes";
import type { OrderRecord } from "./order-record";
import { fillEnglish, type WordValues } from "./words";

const ENGLISH = {
  balanceLow: "partner balance too low",
  releasedUnanswered: "released without an answer from upstream",
  unanswered: "no readable answer from upstream",
  stuck: "stuck in {state}: {event}",
  deliveredUnpaid: "delivered but not paid",
  refundDueDisputed: "refund due on a disputed charge",
  capturedButReleased: "captured but released",
  fraudWarning: "early fraud warning",
  disputed: "disputed",
} as const satisfies Record<string, string>;

export type OrderAlertKind = keyof typeof ENGLISH;

/** Every kind, for the test that each has its words in every language. */
export const ORDER_ALERT_KINDS = Object.keys(ENGLISH) as OrderAlertKind[];

export interface OrderAlertNote {
  kind: OrderAlertKind;
  values?: WordValues;
  /** The step's note a stuck order could not get past, said under {event}. */
  event?: EventNote;
}

/** The order's patch that sets its alert: the English and its words, always together. */
export function orderAlert(note: OrderAlertNote): Pick<OrderRecord, "alert" | "alertWords"> {
  const values = note.values ?? {};
  return {
    alert: fillEnglish(ENGLISH[note.kind], note.event ? { ...values, event: noteText(note.event) } : values),
    alertWords: { kind: note.kind, values, ...(note.event ? { parts: { event: noteWords(note.event) } } : {}) },
  };
}
