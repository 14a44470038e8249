// Stripe's risk endpoints: the PaymentMethod (card fingerprint and country), Radar reviews,
// early fraud warnings and disputes with their evidence.
import { ok } from "@/lib/result";
import { updateDispute, readDispute } from "../objects/disputes";
import { readEarlyFraudWarning } from "../objects/early-fraud-warnings";
import { listObjects } from "../objects/list-index";
import { readPaymentMethod } from "../objects/payment-methods";
import { closeReview, readReview } from "../objects/reviews";
import type { Route } from "./api-routes";
import { parseParams } from "./form-params";
import {
  approveReviewParams,
  expandParams,
  listDisputesParams,
  listEarlyFraudWarningsParams,
  listReviewsParams,
  updateDisputeParams,
} from "./param-schemas";

const ID = "([A-Za-z0-9_]+)";

export const RADAR_ROUTES: Route[] = [
  {
    method: "GET",
    pattern: new RegExp(`^/v1/payment_methods/${ID}$`),
    async handler(context, call) {
      const params = parseParams(expandParams, call.params);
      return params.ok ? readPaymentMethod(context, call.id) : params;
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/reviews$/,
    async handler(context, call) {
      const params = parseParams(listReviewsParams, call.params);
      if (!params.ok) return params;
      // Stripe lists the reviews still open.
      return listObjects(
        context,
        { kind: "prv", url: "/v1/reviews", load: (id) => context.store.read("prv", id), created: (review) => review.created, keep: (review) => review.open },
        params.value,
      );
    },
  },
  {
    method: "GET",
    pattern: new RegExp(`^/v1/reviews/${ID}$`),
    async handler(context, call) {
      const params = parseParams(expandParams, call.params);
      return params.ok ? readReview(context, call.id) : params;
    },
  },
  {
    method: "POST",
    pattern: new RegExp(`^/v1/reviews/${ID}/approve$`),
    async handler(context, call) {
      const params = parseParams(approveReviewParams, call.params);
      return params.ok ? closeReview(context, call.id, "approved", call.idempotencyKey) : params;
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/radar\/early_fraud_warnings$/,
    async handler(context, call) {
      const params = parseParams(listEarlyFraudWarningsParams, call.params);
      if (!params.ok) return params;
      const { charge, payment_intent } = params.value;
      return listObjects(
        context,
        {
          kind: "issfr",
          url: "/v1/radar/early_fraud_warnings",
          load: async (id) => {
            const read = await readEarlyFraudWarning(context, id);
            return read.ok ? read.value : null;
          },
          created: (warning) => warning.created,
          keep: (warning) => (charge === undefined || warning.charge === charge) && (payment_intent === undefined || warning.payment_intent === payment_intent),
        },
        params.value,
      );
    },
  },
  {
    method: "GET",
    pattern: new RegExp(`^/v1/radar/early_fraud_warnings/${ID}$`),
    async handler(context, call) {
      const params = parseParams(expandParams, call.params);
      return params.ok ? readEarlyFraudWarning(context, call.id) : params;
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/disputes$/,
    async handler(context, call) {
      const params = parseParams(listDisputesParams, call.params);
      if (!params.ok) return params;
      const { charge, payment_intent } = params.value;
      return listObjects(
        context,
        {
          kind: "dp",
          url: "/v1/disputes",
          load: (id) => context.store.read("dp", id),
          created: (dispute) => dispute.created,
          keep: (dispute) => (charge === undefined || dispute.charge === charge) && (payment_intent === undefined || dispute.payment_intent === payment_intent),
        },
        params.value,
      );
    },
  },
  {
    method: "GET",
    pattern: new RegExp(`^/v1/disputes/${ID}$`),
    async handler(context, call) {
      const params = parseParams(expandParams, call.params);
      return params.ok ? readDispute(context, call.id) : params;
    },
  },
  {
    method: "POST",
    pattern: new RegExp(`^/v1/disputes/${ID}$`),
    async handler(context, call) {
      const params = parseParams(updateDisputeParams, call.params);
      if (!params.ok) return params;
      const { evidence, metadata, submit } = params.value;
      const updated = await updateDispute(context, call.id, { evidence, metadata, submit }, call.idempotencyKey);
      return updated.ok ? ok(updated.value) : updated;
    },
  },
];
