// The parameters of each endpoint, from Stripe's API reference, as zod schemas: the source of
// both the validation and the types. Unknown parameters are refused (Stripe's parameter_unknown).
import { z } from "zod";
import { EVIDENCE_FIELDS, type EvidenceField } from "../objects/records";
import { INVALID_INTEGER } from "./form-params";

const integer = z
  .string({ error: (issue) => `${INVALID_INTEGER}: ${JSON.stringify(issue.input)}` })
  .regex(/^\d+$/, { error: (issue) => `${INVALID_INTEGER}: ${String(issue.input)}` })
  .transform(Number)
  .refine(Number.isSafeInteger, { error: "integer too large" });

const text = z.string({ error: "expected a string" });
const url = z.url({ error: "Not a valid URL" });
const metadata = z.record(z.string(), text, { error: "expected a hash" }).default({});
const currency = z
  .string()
  .regex(/^[a-zA-Z]{3}$/, { error: "expected a three-letter ISO currency code" })
  .transform((code) => code.toLowerCase());
const expand = z.array(z.enum(["payment_intent"], { error: "only payment_intent can be expanded here" })).default([]);

const lineItem = z.strictObject({
  price_data: z.strictObject({
    currency,
    unit_amount: integer,
    product_data: z.strictObject({ name: text.min(1), description: text.optional() }),
  }),
  quantity: integer.refine((n) => n >= 1, { error: "must be at least 1" }),
});

export const createSessionParams = z.strictObject({
  mode: z.enum(["payment"], { error: "only payment mode is supported by this sandbox" }),
  line_items: z.array(lineItem, { error: "expected a list" }).min(1, { error: "at least one line item is required" }),
  success_url: url,
  cancel_url: url.optional(),
  expires_at: integer.optional(),
  customer_email: z.email({ error: "Invalid email address" }).optional(),
  client_reference_id: text.max(200).optional(),
  metadata,
  payment_method_options: z
    .strictObject({
      card: z.strictObject({ request_three_d_secure: z.enum(["any", "automatic", "challenge"], { error: "expected one of any, automatic, challenge" }).optional() }).optional(),
    })
    .optional(),
  payment_intent_data: z
    .strictObject({
      capture_method: z.enum(["manual", "automatic", "automatic_async"]).optional(),
      metadata,
      description: text.optional(),
    })
    .optional(),
  expand,
});
export type CreateSessionParams = z.infer<typeof createSessionParams>;

export const expandParams = z.strictObject({ expand });

export const captureParams = z.strictObject({ amount_to_capture: integer.optional(), expand });

export const cancelParams = z.strictObject({
  cancellation_reason: z.enum(["duplicate", "fraudulent", "requested_by_customer", "abandoned"]).optional(),
  expand,
});

export const createRefundParams = z.strictObject({
  payment_intent: text.optional(),
  charge: text.optional(),
  amount: integer.optional(),
  reason: z.enum(["duplicate", "fraudulent", "requested_by_customer"]).optional(),
  metadata,
  expand: z.array(text).default([]),
});

/** A `created` filter: an exact second or a range (Stripe's RangeQueryParam). */
const createdFilter = z.union([integer, z.strictObject({ gt: integer.optional(), gte: integer.optional(), lt: integer.optional(), lte: integer.optional() })]);

/** The paging every list endpoint takes (limit 1–100, default 10). */
const listBase = {
  created: createdFilter.optional(),
  limit: integer.refine((n) => n >= 1 && n <= 100, { error: "must be between 1 and 100" }).optional(),
  starting_after: text.optional(),
  ending_before: text.optional(),
  expand: z.array(z.enum(["data"], { error: "nothing in a list can be expanded here" })).default([]),
};

function oneCursor<T extends { starting_after?: string; ending_before?: string }>(params: T): boolean {
  return params.starting_after === undefined || params.ending_before === undefined;
}

const cursorError = { error: "starting_after and ending_before cannot both be given", path: ["ending_before"] };

export const listIntentsParams = z.strictObject(listBase).refine(oneCursor, cursorError);
export const listChargesParams = z.strictObject({ ...listBase, payment_intent: text.optional() }).refine(oneCursor, cursorError);
export const listRefundsParams = z.strictObject({ ...listBase, payment_intent: text.optional(), charge: text.optional() }).refine(oneCursor, cursorError);
export type ListParams = z.infer<typeof listIntentsParams>;
export const listSessionsParams = z
  .strictObject({ ...listBase, payment_intent: text.optional(), status: z.enum(["open", "complete", "expired"]).optional() })
  .refine(oneCursor, cursorError);
export const listEventsParams = z
  .strictObject({ ...listBase, type: text.optional(), types: z.array(text).max(20, { error: "at most 20 types" }).optional() })
  .refine(oneCursor, cursorError);
export const listLineItemsParams = z.strictObject({ ...listBase, created: z.never().optional() }).refine(oneCursor, cursorError);
export const listReviewsParams = z.strictObject(listBase).refine(oneCursor, cursorError);
export const listDisputesParams = z.strictObject({ ...listBase, charge: text.optional(), payment_intent: text.optional() }).refine(oneCursor, cursorError);
export const listEarlyFraudWarningsParams = listDisputesParams;

const evidence = z.strictObject(Object.fromEntries(EVIDENCE_FIELDS.map((field) => [field, text.max(20_000).optional()])) as Record<EvidenceField, z.ZodOptional<typeof text>>);
const flag = z.enum(["true", "false"], { error: "expected true or false" }).transform((value) => value === "true");

export const updateDisputeParams = z.strictObject({ evidence: evidence.optional(), metadata: metadata.optional(), submit: flag.optional(), expand });
export const approveReviewParams = z.strictObject({ expand });
