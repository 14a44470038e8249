// The Stripe API endpoints the sandbox answers, at Stripe's paths. Each takes parsed form
// parameters and answers a Stripe object or a Stripe error.
import { err, ok, type Result } from "@/lib/result";
import type { SandboxContext } from "../context";
import { chargeOf } from "../objects/charge";
import { listObjects } from "../objects/list-index";
import { cancelIntent, captureIntent, readIntent } from "../objects/payment-intents";
import { createRefund, intentOfCharge, readRefund } from "../objects/refunds";
import { createSession, expireSession, readSession } from "../objects/sessions";
import { resourceMissing, type StripeError } from "../stripe-error";
import { parseParams, type FormParams } from "./form-params";
import {
  cancelParams,
  captureParams,
  createRefundParams,
  createSessionParams,
  expandParams,
  listChargesParams,
  listIntentsParams,
  listRefundsParams,
} from "./param-schemas";
import { RADAR_ROUTES } from "./radar-routes";
import { READ_ROUTES } from "./read-routes";

export interface ApiCall {
  params: FormParams;
  idempotencyKey: string | null;
  id: string;
}

type Handler = (context: SandboxContext, call: ApiCall) => Promise<Result<unknown, StripeError>>;

export interface Route {
  method: "GET" | "POST";
  pattern: RegExp;
  handler: Handler;
}

const ID = "([A-Za-z0-9_]+)";

export const API_ROUTES: Route[] = [
  {
    method: "POST",
    pattern: /^\/v1\/checkout\/sessions$/,
    async handler(context, call) {
      const params = parseParams(createSessionParams, call.params);
      if (!params.ok) return params;
      const session = await createSession(context, params.value);
      return session.ok && params.value.expand.length > 0 ? expandSession(context, session.value.id) : session;
    },
  },
  {
    method: "GET",
    pattern: new RegExp(`^/v1/checkout/sessions/${ID}$`),
    async handler(context, call) {
      const params = parseParams(expandParams, call.params);
      if (!params.ok) return params;
      if (params.value.expand.length > 0) return expandSession(context, call.id);
      const read = await readSession(context, call.id);
      return read.ok ? ok(read.value.session) : read;
    },
  },
  {
    method: "POST",
    pattern: new RegExp(`^/v1/checkout/sessions/${ID}/expire$`),
    async handler(context, call) {
      const params = parseParams(expandParams, call.params);
      if (!params.ok) return params;
      const expired = await expireSession(context, call.id, call.idempotencyKey);
      return expired.ok && params.value.expand.length > 0 ? expandSession(context, call.id) : expired;
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/payment_intents$/,
    async handler(context, call) {
      const params = parseParams(listIntentsParams, call.params);
      if (!params.ok) return params;
      return listObjects(
        context,
        {
          kind: "pi",
          url: "/v1/payment_intents",
          load: async (id) => {
            const read = await readIntent(context, id);
            return read.ok ? read.value.intent : null;
          },
          created: (intent) => intent.created,
        },
        params.value,
      );
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/charges$/,
    async handler(context, call) {
      const params = parseParams(listChargesParams, call.params);
      if (!params.ok) return params;
      const { payment_intent } = params.value;
      return listObjects(
        context,
        {
          kind: "ch",
          url: "/v1/charges",
          load: async (id) => {
            const intentId = await intentOfCharge(context, id);
            const read = intentId ? await readIntent(context, intentId) : null;
            // An intent authorized after a decline carries its latest charge; the failed one is stored.
            return read?.ok && read.value.intent.latest_charge === id ? chargeOf(read.value) : context.store.read("ch", id);
          },
          created: (charge) => charge.created,
          keep: (charge) => payment_intent === undefined || charge.payment_intent === payment_intent,
          paymentIntent: payment_intent,
        },
        params.value,
      );
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/refunds$/,
    async handler(context, call) {
      const params = parseParams(listRefundsParams, call.params);
      if (!params.ok) return params;
      const { payment_intent, charge } = params.value;
      return listObjects(
        context,
        {
          kind: "re",
          url: "/v1/refunds",
          load: (id) => context.store.read("re", id),
          created: (refund) => refund.created,
          keep: (refund) => (payment_intent === undefined || refund.payment_intent === payment_intent) && (charge === undefined || refund.charge === charge),
          paymentIntent: payment_intent,
        },
        params.value,
      );
    },
  },
  {
    method: "GET",
    pattern: new RegExp(`^/v1/payment_intents/${ID}$`),
    async handler(context, call) {
      const params = parseParams(expandParams.partial(), call.params);
      if (!params.ok) return params;
      const read = await readIntent(context, call.id);
      return read.ok ? ok(read.value.intent) : read;
    },
  },
  {
    method: "POST",
    pattern: new RegExp(`^/v1/payment_intents/${ID}/capture$`),
    async handler(context, call) {
      const params = parseParams(captureParams, call.params);
      return params.ok ? captureIntent(context, call.id, params.value.amount_to_capture, call.idempotencyKey) : params;
    },
  },
  {
    method: "POST",
    pattern: new RegExp(`^/v1/payment_intents/${ID}/cancel$`),
    async handler(context, call) {
      const params = parseParams(cancelParams, call.params);
      return params.ok ? cancelIntent(context, call.id, params.value.cancellation_reason, call.idempotencyKey) : params;
    },
  },
  {
    method: "POST",
    pattern: /^\/v1\/refunds$/,
    async handler(context, call) {
      const params = parseParams(createRefundParams, call.params);
      return params.ok ? createRefund(context, params.value, call.idempotencyKey) : params;
    },
  },
  { method: "GET", pattern: new RegExp(`^/v1/refunds/${ID}$`), handler: (context, call) => readRefund(context, call.id) },
  {
    method: "GET",
    pattern: new RegExp(`^/v1/events/${ID}$`),
    async handler(context, call) {
      const event = await context.store.read("evt", call.id);
      return event ? ok(event) : err(resourceMissing("event", call.id));
    },
  },
  ...READ_ROUTES,
  ...RADAR_ROUTES,
];

/** The session with its payment_intent expanded (only that field is expandable here). */
async function expandSession(context: SandboxContext, id: string): Promise<Result<unknown, StripeError>> {
  const read = await readSession(context, id);
  if (!read.ok) return read;
  const { session } = read.value;
  if (!session.payment_intent) return ok(session);
  const intent = await readIntent(context, session.payment_intent);
  return ok({ ...session, payment_intent: intent.ok ? intent.value.intent : null });
}
