// Reads a Stripe integration makes beyond the shop's own: a charge by id, the Checkout Session
// and event lists, and a session's line items.
import { err, ok } from "@/lib/result";
import { chargeOf } from "../objects/charge";
import { listObjects, type StripeList } from "../objects/list-index";
import { readIntent } from "../objects/payment-intents";
import type { StoredSession } from "../objects/records";
import { intentOfCharge } from "../objects/refunds";
import { readSession } from "../objects/sessions";
import { resourceMissing } from "../stripe-error";
import type { Route } from "./api-routes";
import { parseParams } from "./form-params";
import { expandParams, listEventsParams, listLineItemsParams, listSessionsParams } from "./param-schemas";

const ID = "([A-Za-z0-9_]+)";

export const READ_ROUTES: Route[] = [
  {
    method: "GET",
    pattern: new RegExp(`^/v1/charges/${ID}$`),
    async handler(context, call) {
      const params = parseParams(expandParams, call.params);
      if (!params.ok) return params;
      const intentId = await intentOfCharge(context, call.id);
      const read = intentId ? await readIntent(context, intentId) : null;
      if (read?.ok && read.value.intent.latest_charge === call.id) return ok(chargeOf(read.value));
      const failed = await context.store.read("ch", call.id);
      return failed ? ok(failed) : err(resourceMissing("charge", call.id));
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/checkout\/sessions$/,
    async handler(context, call) {
      const params = parseParams(listSessionsParams, call.params);
      if (!params.ok) return params;
      const { payment_intent, status } = params.value;
      return listObjects(
        context,
        {
          kind: "cs",
          url: "/v1/checkout/sessions",
          load: async (id) => {
            const read = await readSession(context, id);
            return read.ok ? read.value.session : null;
          },
          created: (session) => session.created,
          keep: (session) => (payment_intent === undefined || session.payment_intent === payment_intent) && (status === undefined || session.status === status),
        },
        params.value,
      );
    },
  },
  {
    method: "GET",
    pattern: new RegExp(`^/v1/checkout/sessions/${ID}/line_items$`),
    async handler(context, call) {
      const params = parseParams(listLineItemsParams, call.params);
      if (!params.ok) return params;
      const read = await readSession(context, call.id);
      if (!read.ok) return read;
      return ok(lineItemsPage(read.value, params.value));
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/events$/,
    async handler(context, call) {
      const params = parseParams(listEventsParams, call.params);
      if (!params.ok) return params;
      const { type, types } = params.value;
      // Stripe's `type` takes one `*` wildcard, as in `charge.dispute.*`.
      const matches = (eventType: string) =>
        (type === undefined || (type.endsWith("*") ? eventType.startsWith(type.slice(0, -1)) : eventType === type)) &&
        (types === undefined || types.includes(eventType));
      return listObjects(
        context,
        { kind: "evt", url: "/v1/events", load: (id) => context.store.read("evt", id), created: (event) => event.created, keep: (event) => matches(event.type) },
        params.value,
      );
    },
  },
];

interface LineItem {
  id: string;
  object: "item";
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  price: null;
  quantity: number;
}

/** A session's line items in the order given, with Stripe's paging by item id. */
function lineItemsPage(stored: StoredSession, params: { limit?: number; starting_after?: string; ending_before?: string }): StripeList<LineItem> {
  const { session } = stored;
  const all: LineItem[] = stored.line_items.map((item, index) => ({
    id: `li_${session.id.replace(/^cs_(test_)?/, "")}_${index}`,
    object: "item",
    amount_discount: 0,
    amount_subtotal: item.unit_amount * item.quantity,
    amount_tax: 0,
    amount_total: item.unit_amount * item.quantity,
    currency: session.currency,
    description: item.name,
    price: null,
    quantity: item.quantity,
  }));
  const limit = params.limit ?? 10;
  const after = params.starting_after === undefined ? 0 : all.findIndex((item) => item.id === params.starting_after) + 1;
  const before = params.ending_before === undefined ? all.length : Math.max(0, all.findIndex((item) => item.id === params.ending_before));
  const window = all.slice(after, before);
  const data = params.ending_before === undefined ? window.slice(0, limit) : window.slice(-limit);
  return { object: "list", data, has_more: window.length > limit, url: `/v1/checkout/sessions/${session.id}/line_items` };
}


