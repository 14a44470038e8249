// One reconciliation run as it is kept in KV and shown in the admin: its period, who started
// it, the counts, the calls it made and every mismatch row.
import { z } from "zod";
import { MISMATCH_KINDS } from "./judge";

const providerSchema = z.object({ paymentIntentId: z.string(), status: z.string(), received: z.number().int(), refunded: z.number().int() });

export const mismatchRowSchema = z.object({
  key: z.string(),
  kind: z.enum(MISMATCH_KINDS),
  orderId: z.string().nullable(),
  ledger: z.object({ state: z.string(), price: z.number().int(), currency: z.string(), upstreamStatus: z.number().int().nullable() }).nullable(),
  provider: providerSchema.nullable(),
  upstream: z.object({ status: z.number().int().nullable(), amount: z.string().nullable() }).nullable(),
  action: z.enum(["wake", "review"]),
});

export const runCountsSchema = z.object({
  /** Orders our ledger holds for the period. */
  orders: z.number().int(),
  /** Of those, finished orders judged three ways. */
  judged: z.number().int(),
  /** Orders still moving: the checkout's, not judged. */
  inFlight: z.number().int(),
  /** Payments sent to /api/revise, and in how many calls. */
  submitted: z.number().int(),
  batches: z.number().int(),
  upstreamAgreed: z.number().int(),
  upstreamDisagreed: z.number().int(),
  upstreamNotFound: z.number().int(),
  providerIntents: z.number().int(),
  mismatches: z.number().int(),
});

export const runCallsSchema = z.object({
  revise: z.number().int(),
  orderInfo: z.number().int(),
  provider: z.number().int(),
});

export const runRecordSchema = z.object({
  id: z.string(),
  period: z.object({ from: z.string(), to: z.string() }),
  trigger: z.enum(["owner", "cron"]),
  startedBy: z.string().nullable(),
  startedAt: z.number().int(),
  finishedAt: z.number().int(),
  outcome: z.enum(["done", "failed"]),
  /** Why a failed run stopped. */
  error: z.string().nullable(),
  counts: runCountsSchema,
  calls: runCallsSchema,
  rows: z.array(mismatchRowSchema),
  /** Rows beyond what a run keeps (MAX_ROWS); counted, not listed. */
  rowsLeftOut: z.number().int(),
});

export type RunRecord = z.infer<typeof runRecordSchema>;
export type RunCounts = z.infer<typeof runCountsSchema>;
export type RunCalls = z.infer<typeof runCallsSchema>;

/** Rows kept per run: enough for any real day; a run past it says how many it left out. */
export const MAX_ROWS = 2_000;
