// The detail of an alert the checkout raises for the owner (deps.alertOwner), as a kind and
// values the admin says in the reader's language (admin.alerts.details.<kind>). The English
// here is the alert's `detail`, for the owner's email and webhook, worded as before details
// had words. A stuck order's detail quotes the step's event note, and a surprise's detail what
// upstream did: each is a part said in its own words.
import { noteText, noteWords, type EventNote } from "./event-notes";
import { surpriseText, surpriseWords, type SurpriseNote } from "./surprise-notes";
import { fillEnglish, type WordValues, type Words } from "./words";

const ENGLISH = {
  balanceLowToConfirm: "partner balance too low to confirm a paid order: top up the partner balance",
  balanceLowToFulfil: "partner balance too low to fulfil a paid order: the buyer's payment was cancelled; top up the partner balance",
  releasedUnanswered:
    "no readable answer from upstream for ext_order_id {orderId} before the buyer's authorization lapses (last: {code}): released unpaid; if upstream filled it, the buyer got it free",
  unansweredForADay: "no readable answer from upstream for ext_order_id {orderId} for a day ({code}); the buyer's money stays held while we keep asking",
  blocked: "payment blocked at authorization ({why}): released, nothing charged",
  held: "order held for review ({why}): approve or reject it before {deadline}",
  reviewLapsed: "a held order was not reviewed in time: rejected, the payment cancelled",
  stuck: "{state} has not moved after {tries} tries: {event}",
  reservedOddStatus: "upstream answered status {status} to a reservation",
  noExchangeRate: "no exchange rate for {currency}: the charge cannot be checked against the quote; set EXCHANGE_RATES",
  deliveredUnpaid: "delivered order whose authorization is gone: the code was not shown; collect or write off manually",
  refundDueDisputed: "a refund is due on a disputed charge ({dispute}): not refunded; settle it through the dispute",
  releasedCaptured: "a released order's payment is captured: refund it",
  sweepStuck: "the sweep cannot advance this order ({code}); it is tried again in {minutes} minutes",
  fraudWarning: "early fraud warning on this order's charge ({fraudType}): the card and {email} are blocked",
  fraudWarningRefunded: "early fraud warning on this order's charge ({fraudType}): the card and {email} are blocked; refunded at once to head off a dispute",
  disputed: "the buyer disputed this charge ({reason}): submit the evidence from the order page before {due}.",
  disputedRefundInFlight:
    "the buyer disputed this charge ({reason}): submit the evidence from the order page before {due}. A refund of this order was in flight when it arrived: check it in Stripe, and cite it in the evidence.",
  refundUnconfirmed: "a refund of {amount} (request {request}) was never confirmed by Stripe: check the payment in Stripe's dashboard",
  // {heard} is the source in English words; the admin says {source} from its code.
  surprise: "{surprise} (heard from {heard}): look the order up upstream by ext_order_id {orderId}",
} as const satisfies Record<string, string>;

export type AlertNoteKind = keyof typeof ENGLISH;

/** Every kind, for the test that each has its words in every language. */
export const ALERT_NOTE_KINDS = Object.keys(ENGLISH) as AlertNoteKind[];

export interface AlertNote {
  kind: AlertNoteKind;
  values?: WordValues;
  /** The step's note a stuck order could not get past, said under {event}. */
  event?: EventNote;
  /** What upstream did unexpectedly, said under {surprise}. */
  surprise?: SurpriseNote;
}

/** The detail in English, for the email and webhook. */
export function alertNoteText(note: AlertNote): string {
  const parts = {
    ...(note.event ? { event: noteText(note.event) } : {}),
    ...(note.surprise ? { surprise: surpriseText(note.surprise) } : {}),
  };
  return fillEnglish(ENGLISH[note.kind], { ...note.values, ...parts });
}

/** The detail's kind, values and parts, kept on the alert for the admin to translate. */
export function alertNoteWords(note: AlertNote): Words {
  const parts = {
    ...(note.event ? { event: noteWords(note.event) } : {}),
    ...(note.surprise ? { surprise: surpriseWords(note.surprise) } : {}),
  };
  return { kind: note.kind, values: note.values ?? {}, ...(note.event || note.surprise ? { parts } : {}) };
}
