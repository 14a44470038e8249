// An order event's note as a kind and its values, so the admin can say it in the reader's
// language (admin.orders.events.<kind>). The English here is what the event log stores beside
// the words, for server logs, alerts and readers that predate them. Every new note has a kind:
// events stored before notes had words keep only their English text (`what`), and the admin
// shows that as recorded.
import { surpriseText, surpriseWords, type SurpriseNote } from "./surprise-notes";
import { fillEnglish, wordsSchema, type WordValues, type Words } from "./words";

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
  outOfTime: "out of time: continued in a fresh run",
  stepFailed: "step failed: {message}",
  radarReviewOpened: "Radar opened review {review}: held",
  radarReviewApproved: "Radar review {review} approved in Stripe",
  fraudWarning: "early fraud warning {warning} ({fraudType})",
  fraudWarningRefunding: "early fraud warning {warning} ({fraudType}): refunding at once",
  dispute: "dispute {dispute}: {status} ({reason})",
  evidenceSubmitted: "dispute evidence submitted by {by}",
  activationRetried: "activation retried: {activation}",
  reviewDecided: "{verdict} in review by {by} (request {request})",
  ownerRefundDone: "owner refund {request} done ({refund})",
  ownerRefundRefused: "owner refund {request} refused by Stripe ({code}): nothing refunded",
  ownerRefundSettled: "owner refund {request} done",
  cannotActNoPaymentPage: "cannot act: it awaits a payment it never opened",
  cannotActReservedNoOrder: "cannot act: it is reserved without an upstream order id",
  cannotActHoldsNoOrder: "cannot act: it holds a reservation without an upstream order id",
  cannotActKey: "cannot act: its capability key does not open with this code key (was CHECKOUT_CODE_KEY rotated?)",
  cannotActNotVoucher: "cannot act: only vouchers are reserved",
  cannotActNoPayment: "cannot act: it is {state} without a payment",
  paymentNotReadable: "payment not readable ({code})",
  paymentPageNotClosed: "payment page not closed ({code})",
  paymentPageClosedEarly: "payment page closed before the reservation ends",
  paymentPending: "payment {status}",
  orderInfoNotRead: "order info not read ({code})",
  balanceLowUntilEnd: "partner balance stayed too low until the reservation's end",
  confirmationBalanceLow: "confirmation refused: partner balance too low (402)",
  confirmationRefused: "confirmation refused: {code}",
  confirmationNotAnswered: "confirmation not answered ({code})",
  orderBalanceLow: "order refused: partner balance too low (402)",
  orderRefused: "order refused upstream: {code}",
  orderRefusedAskAgain: "order refused upstream ({code}) while another /api/pay of ours may still reach it; asking again",
  neverAnswered: "upstream never answered readably ({code}); the authorization is about to lapse",
  orderNotAnswered: "order not answered ({code}); asking again with the same ext_order_id",
  upstreamDeliveredStatus: "upstream delivered (status {status})",
  upstreamOrderFailed: "upstream order failed",
  upstreamCallFailed: "{call}: failed upstream",
  upstreamCallStatus: "{call}: status {status}",
  paymentPageRequestRefused: "payment page request refused ({code}); a new one",
  paymentPageNotOpened: "payment page not opened ({code})",
  tooLittleReservationLeft: "too little of the reservation left for a payment page: ended before the buyer pays",
  noPaymentPageInTime: "no payment page could be opened in time",
  reservationReleased: "reservation released (status {status})",
  reservationUnknown: "reservation unknown upstream",
  deliveredAfterAll: "upstream delivered after all (status {status})",
  upstreamStatus: "upstream status {status}",
  capturedOnReleased: "payment captured on a released order",
  paymentPageClosed: "payment page closed",
  paymentProcessing: "payment processing; waiting for it to settle",
  authorizationNotCancelled: "authorization not cancelled ({code})",
  noReservationInTime: "no reservation within the reservation's lifetime",
  reservationRefused: "reservation refused: {code}",
  reservationNotAnswered: "reservation not answered ({code}); asking again with the same ext_order_id",
  reservationFailed: "reservation failed upstream",
  costAboveQuote: "upstream charges more than the quoted cost",
  rejectedInReview: "rejected in review",
  blockedAtAuthorization: "blocked at authorization",
  blockedFor: "blocked at authorization: {why}",
  riskNotReadable: "payment risk not readable ({code})",
  riskNotReadableAfterTries: "payment risk not readable after {tries} tries ({code})",
  heldFor: "held for review: {why}",
  heldForReview: "held for review",
  reviewDeadlinePassed: "not reviewed before its deadline: rejected",
  oldReservationDelivered: "upstream delivered the old reservation after all",
  reservingAgain: "reservation ran out during review; reserving again as {ext}",
  onlyVouchersReserved: "only vouchers are reserved",
  reservationAfterReviewRefused: "reservation after review refused: {code}",
  reservationAfterReviewNotAnswered: "reservation after review not answered ({code}); asking again",
  reservationAfterReviewFailed: "reservation after review failed upstream",
  reservedAgain: "reserved again after review (status {status})",
  upstreamTookBack: "authorization gone, and upstream took the delivery back",
  captureImpossible: "capture impossible: authorization cancelled",
  captureNotDone: "capture not done ({code})",
  nothingToReread: "nothing upstream to re-read",
  upstreamRefundedDelivered: "upstream refunded a delivered order",
  refundHeldDisputed: "refund held: the charge is disputed",
  refundNotDone: "refund not done ({code})",
  // Its surprise is a part said in its own words; events before that carry an English `what`
  // under "upstreamSurprise", a kind no longer written, so the admin shows them as recorded.
  surprised: "upstream surprise ({source}): {surprise}",
  paymentExpiryFixed: "payment page's expiry fixed",
} as const satisfies Record<string, string>;

export type EventNoteKind = keyof typeof ENGLISH;

export const eventWordsSchema = wordsSchema;

export type EventWords = Words;

/** Every kind a note may have, for the test that each has its words in every language. */
export const EVENT_NOTE_KINDS = Object.keys(ENGLISH) as EventNoteKind[];

/** A note in words. There is no plain-string note: new events are always said in words. */
export interface EventNote {
  kind: EventNoteKind;
  values?: WordValues;
  /** What upstream did unexpectedly, said under {surprise}. */
  surprise?: SurpriseNote;
}

/** The note's English text, as the event log stores it. */
export function noteText(note: EventNote): string {
  const values = note.values ?? {};
  return fillEnglish(ENGLISH[note.kind], note.surprise ? { ...values, surprise: surpriseText(note.surprise) } : values);
}

/** The note's kind and values, stored beside its English for the admin to translate. */
export function noteWords(note: EventNote): EventWords {
  return { kind: note.kind, values: note.values ?? {}, ...(note.surprise ? { parts: { surprise: surpriseWords(note.surprise) } } : {}) };
}
