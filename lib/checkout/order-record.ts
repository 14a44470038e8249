// The order as it is stored in KV: everything `advance` needs to decide the next step from what
// it knows now, and an append-only event log of how it got there. Parsed on every read, so a
// record written by an older release is checked rather than trusted.
import { LOCALES } from "@/lib/i18n/locales";
import { z } from "zod";
import { eventWordsSchema } from "./event-notes";
import { wordsSchema } from "./words";
import { moneySchema } from "@/lib/money";
import { orderStateSchema } from "./order-states";
import { buyerFactsSchema, disputeSchema, fraudWarningSchema, MAX_CODE_VIEWS, reviewSchema, screeningSchema } from "./fraud-facts";

/** Our order id: a ULID, 26 Crockford base-32 characters — also a valid ext_order_id upstream. */
export const orderIdSchema = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { error: "expected an order id" });

const itemSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("voucher"),
    gameId: z.number().int().positive(),
    voucherId: z.number().int().positive(),
    name: z.string(),
    /** The service's name ("Mythic Realms Diamonds"), which a denomination's name may leave out. */
    gameName: z.string().optional(),
    deliveryMethod: z.enum(["voucher_code", "direct_topup"]),
  }),
  z.object({
    kind: z.literal("balance"),
    gameId: z.number().int().positive(),
    name: z.string(),
    /** The top-up amount in the service's currency, as sent to /api/pay. */
    amount: moneySchema,
  }),
]);

/** Sealed with AES-GCM (code-vault.ts): codes are never stored or logged in the clear. */
export const sealedSchema = z.string().regex(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);

export const orderEventSchema = z.object({
  at: z.number().int(),
  /** A move (`authorized → delivered`) or a note (`confirm refused: 402`). */
  what: z.string(),
  /** The state entered, when the event is a move. */
  to: orderStateSchema.optional(),
  upstreamOrderId: z.string().nullable().optional(),
  paymentId: z.string().nullable().optional(),
  /** The note as a kind and values the admin translates; absent on events stored before notes had words. */
  words: eventWordsSchema.optional(),
});

/**
 * A refund the shop's owner asked for (owner-actions/refund-order.ts). Written on the order
 * before Stripe is asked, so the order itself is the ledger: its request id makes a repeat the
 * same refund (Stripe's idempotency key ends with it), and the sum of what is pending or done
 * never passes what was captured.
 */
export const ownerRefundSchema = z.object({
  /** The admin form's request id: one refund per id. */
  requestId: z.string().regex(/^[\w-]{8,64}$/),
  /** full: everything left, through refunding → refunded. part: some of it; the order stays completed. */
  kind: z.enum(["full", "part"]),
  amount: moneySchema,
  /** Why, in the owner's words: for the audit log and the admin, never shown to the buyer. */
  reason: z.string().min(1).max(500),
  /** Who asked (the admin's email). */
  by: z.string().nullable(),
  at: z.number().int(),
  /** pending: asked for, Stripe's answer not yet recorded; failed: Stripe refused it, nothing moved. */
  status: z.enum(["pending", "done", "failed"]),
  refundId: z.string().nullable(),
  /** The buyer's refund email went out (settle-refunds.ts sends it once the refund is done). */
  buyerTold: z.boolean().default(false),
});

/** Where an upstream fact the order did not expect came from. */
export const SURPRISE_SOURCES = ["pay_answer", "notification", "reconciliation", "re_read"] as const;

/** The most surprises one order keeps: the newest, so repeats cannot grow a record without bound. */
export const MAX_SURPRISES = 20;

/**
 * Something upstream said about this order that the order did not expect (upstream-surprises.ts):
 * kept on the order for the owner, whatever the order then did with it.
 */
export const upstreamSurpriseSchema = z.object({
  at: z.number().int(),
  source: z.enum(SURPRISE_SOURCES),
  upstreamOrderId: z.string().nullable(),
  status: z.number().int().nullable(),
  /** What did not fit, in English: "upstream delivered it (status 2) while we hold it as failed". */
  what: z.string().min(1).max(300),
  /** The same as a kind and values (surprise-notes.ts); absent on surprises kept before they had words. */
  words: wordsSchema.optional(),
});

export const orderRecordSchema = z.object({
  id: orderIdSchema,
  /** Reservation: reserve, pay, confirm. Pay first: pay, order, capture on success. */
  flow: z.enum(["reservation", "pay_first"]),
  state: orderStateSchema,
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** SHA-256 of the capability key in the buyer's order link; the key itself is never stored. */
  capabilityHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The same key sealed, so the payment page can send the buyer back to their order link. */
  capabilitySealed: sealedSchema,
  email: z.email(),
  item: itemSchema,
  account: z.string().nullable(),
  activation: z.boolean(),
  test: z.boolean(),
  /** The language of the page the buyer ordered on: their emails and order link speak it (absent on older orders: English). */
  locale: z.enum(LOCALES).optional(),
  /** Frozen at checkout: what the buyer pays, the upstream cost and the pricing rules' version it was quoted on (absent on older orders). */
  quote: z.object({ price: moneySchema, cost: moneySchema, ruleVersion: z.number().int().min(1).optional() }),
  upstream: z.object({
    orderId: z.string().nullable(),
    status: z.number().int().nullable(),
    amountCharged: moneySchema.nullable(),
    /** When our reservation ends upstream (the service does not say; we count from the order's creation). */
    reservationEndsAt: z.number().int().nullable(),
    errorText: z.string().nullable(),
    /**
     * A /api/pay of ours may have created the order upstream (an answer lost or unreadable):
     * from then on only an answer about our ext_order_id is final, never a bare refusal.
     */
    payMayExist: z.boolean().default(false),
    /**
     * A /api/pay of ours was announced (written here before it was sent) and no run has recorded
     * its answer: until then another run's pay may still reach upstream, so no refusal is final.
     * Absent or null when none is out.
     */
    payInFlightUntil: z.number().int().nullable().optional(),
    /**
     * The ext_order_id of the current upstream order when it is not our order id: a held order
     * whose reservation ran out while it was reviewed is reserved again under a new one (upstream
     * answers a used ext_order_id with its old order). Absent: the order id.
     */
    extOrderId: z.string().regex(/^[0-9A-Za-z]{1,128}$/).optional(),
  }),
  payment: z.object({
    sessionId: z.string().nullable(),
    paymentIntentId: z.string().nullable(),
    url: z.url().nullable(),
    /**
     * When the payment page expires. Frozen on the order before the first request that opens
     * it, so every repeat under one idempotency key sends exactly the same parameters.
     */
    expiresAt: z.number().int().nullable(),
    /** Which opening request this is: a new one (a new key) only when Stripe never ran the last. */
    openAttempt: z.number().int().nonnegative().default(0),
    /** When the authorization was first seen: cards hold it about 7 days from then. */
    authorizedAt: z.number().int().nullable(),
    refundId: z.string().nullable(),
    /** The page asks the card's bank for 3-D Secure (fixed before the page is opened, like its expiry). */
    threeDSecure: z.boolean().optional(),
  }),
  delivery: z.object({
    code: sealedSchema.nullable(),
    code2: sealedSchema.nullable(),
    expiresAt: z.string().nullable(),
    activation: z.union([z.literal("wait"), z.boolean()]).nullable(),
  }),
  /** Why an order failed or is being released, in a word the order page can explain. */
  reason: z
    .enum([
      "payment_declined",
      "payment_expired",
      "price_changed",
      "unavailable",
      "reservation_expired",
      "confirmation_refused",
      "upstream_failed",
      "refunded_upstream",
      /** The shop cancelled it before delivery (owner-actions/cancel-order.ts). */
      "cancelled_by_shop",
      /** The shop refunded it in full after delivery (owner-actions/refund-order.ts). */
      "refunded_by_shop",
      /** Screening at authorization blocked it (lib/fraud): released, nothing charged. */
      "blocked_by_screening",
      /** Held for review and rejected, by the owner or at the review's deadline. */
      "rejected_in_review",
    ])
    .nullable(),
  /** Next time `advance` must look at the order even if nothing happens: the sweep's deadline. */
  nextCheckAt: z.number().int().nullable(),
  /** Tries of the current step that did not settle it; the backoff grows with it, a move resets it. */
  attempts: z.number().int().nonnegative(),
  /** Something the owner must act on (partner balance too low to confirm), in English; shown in the admin. */
  alert: z.string().nullable(),
  /** The alert as a kind and values (order-alerts.ts), set with it; absent on alerts set before they had words. */
  alertWords: wordsSchema.optional(),
  /** Refunds the owner asked for, oldest first; absent on orders nobody refunded. */
  refunds: z.array(ownerRefundSchema).optional(),
  /** Upstream facts the order did not expect, oldest first; absent on orders that had none. */
  surprises: z.array(upstreamSurpriseSchema).max(MAX_SURPRISES).optional(),
  /** The buyer's request at checkout (IP, its country, user agent); absent on older orders. */
  buyer: buyerFactsSchema.optional(),
  /** The decision taken at authorization (lib/fraud), absent until then. */
  screening: screeningSchema.optional(),
  /** The owner's review, when the decision held the order. */
  review: reviewSchema.optional(),
  dispute: disputeSchema.optional(),
  fraudWarning: fraudWarningSchema.optional(),
  /** When the buyer's page showed the code (ms), first ones kept: a dispute's evidence. */
  codeViews: z.array(z.number().int()).max(MAX_CODE_VIEWS).optional(),
  events: z.array(orderEventSchema),
});

export type OrderRecord = z.infer<typeof orderRecordSchema>;
export type OrderEvent = z.infer<typeof orderEventSchema>;
export type OrderReason = NonNullable<OrderRecord["reason"]>;
export type OrderItem = OrderRecord["item"];
export type OwnerRefund = z.infer<typeof ownerRefundSchema>;
export type UpstreamSurprise = z.infer<typeof upstreamSurpriseSchema>;
export type SurpriseSource = UpstreamSurprise["source"];
