// An order event's note as a kind and its values, so the admin can say it in the reader's
// language (admin.orders.events.<kind>). The English here is what the event log stores beside
// the words, for server logs, alerts and readers that predate them; a step that still passes a
// plain string records English only, and the admin shows that text as recorded.
import { z } from "zod";
import { formatMoney, moneySchema, type Money } from "@/lib/money";

const ENGLISH = {
  screened: "screened: {decision} ({why})",
  reserved: "reserved upstream (status {status})",
  paymentPageOpened: "payment page {session} opened",
  waitingForPayment: "waiting for the buyer to pay",
  paymentAuthorized: "payment authorized ({intent})",
  paymentPageExpired: "payment page expired unpaid",
  paymentCancelled: "payment cancelled",
  sending: "sending {call} ({nonce})",
  upstreamDelivered: "{call}: delivered (status {status})",
  upstreamInProgress: "{call}: in progress (status {status})",
  paymentCaptured: "payment captured",
  paymentAlreadyCaptured: "payment was already captured",
  stillDelivered: "upstream still shows it delivered",
  codeShown: "code shown on the buyer's page",
  ownerRefundAsked: "owner refund of {amount} asked by {by} ({kind}, request {request})",
  buyerToldOfRefund: "buyer told of refund {request}",
  buyerRefunded: "buyer refunded ({refund})",
  cancelledByOwner: "cancelled by {by} (request {request})",
  nothingCharged: "nothing was charged",
  authorizationCancelled: "payment cancelled: the buyer was not charged",
} as const satisfies Record<string, string>;

export type EventNoteKind = keyof typeof ENGLISH;

export const eventWordsSchema = z.object({
  kind: z.string().regex(/^[a-zA-Z]{1,40}$/),
  values: z.record(z.string(), z.union([z.string(), z.number(), moneySchema])),
});

export type EventWords = z.infer<typeof eventWordsSchema>;

/** A note in words; a plain string is a note recorded in English only. */
export type EventNote = string | { kind: EventNoteKind; values?: Record<string, string | number | Money> };

/** The note's English text, as the event log stores it. */
export function noteText(note: EventNote): string {
  if (typeof note === "string") return note;
  const values = note.values ?? {};
  const say = (value: string | number | Money) => (typeof value === "object" ? formatMoney(value, "en") : String(value));
  return ENGLISH[note.kind].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : say(value);
  });
}

/** The note's kind and values, for the admin to translate; none for an English-only note. */
export function noteWords(note: EventNote): EventWords | undefined {
  return typeof note === "string" ? undefined : { kind: note.kind, values: note.values ?? {} };
}
