// What the shop knows about an order's risk, kept on the order itself (order-record.ts): the
// buyer's request as checkout saw it, the decision taken when the payment was authorized and
// why, the owner's review of a held order, and what the card's bank said after delivery (an
// early fraud warning, a dispute). All optional, so that orders stored before these existed
// still parse, and each written with the order's compare-and-set like any other change.
import { z } from "zod";
import { SCREENING_DECISIONS, screeningSignalsSchema } from "@/lib/fraud/screening-signals";
import { moneySchema } from "@/lib/money";

/** Where the POST /api/checkout came from: the evidence a dispute asks for, and the IP country the card is checked against. */
export const buyerFactsSchema = z.object({
  ip: z.string().max(64).nullable(),
  /** ISO 3166 alpha-2, from a header the deployment's proxy writes; null where nobody vouches for one. */
  country: z.string().regex(/^[A-Z]{2}$/).nullable(),
  userAgent: z.string().max(300).nullable(),
});

/** The decision at authorization, with its reasons (codes the admin translates). */
export const screeningSchema = z.object({
  decision: z.enum(SCREENING_DECISIONS),
  reasons: z.array(z.string().max(60)).max(20),
  at: z.number().int(),
  signals: screeningSignalsSchema,
});

/** The owner's review of a held order. */
export const reviewSchema = z.object({
  status: z.enum(["pending", "approved", "rejected"]),
  openedAt: z.number().int(),
  /** Rejected automatically at this time if nobody decides: before the authorization lapses. */
  deadline: z.number().int(),
  /** An admin's email, or "deadline" for the automatic rejection. */
  decidedBy: z.string().max(320).nullable(),
  decidedAt: z.number().int().nullable(),
});

/** A chargeback on the order's charge (charge.dispute.*), as Stripe last told it. */
export const disputeSchema = z.object({
  id: z.string().max(64),
  status: z.string().max(40),
  reason: z.string().max(60),
  amount: moneySchema.nullable(),
  openedAt: z.number().int(),
  /** Stripe's deadline for evidence (ms); null when it names none. */
  evidenceDueBy: z.number().int().nullable(),
  evidenceSubmittedAt: z.number().int().nullable(),
  evidenceSubmittedBy: z.string().max(320).nullable(),
});

/** An early fraud warning on the order's charge (radar.early_fraud_warning.created). */
export const fraudWarningSchema = z.object({
  id: z.string().max(64),
  actionable: z.boolean(),
  fraudType: z.string().max(60),
  at: z.number().int(),
  /** The shop refunded at once to head off a dispute. */
  refunded: z.boolean(),
});

/** The most code views one order keeps: the first ones, which a dispute's evidence needs most. */
export const MAX_CODE_VIEWS = 50;

export type BuyerFacts = z.infer<typeof buyerFactsSchema>;
export type Screening = z.infer<typeof screeningSchema>;
export type Review = z.infer<typeof reviewSchema>;
export type Dispute = z.infer<typeof disputeSchema>;
export type FraudWarning = z.infer<typeof fraudWarningSchema>;
