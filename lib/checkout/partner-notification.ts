// POST /api/webhooks/partner, the logic: a notification only says "look at this order". It must
// carry our shared secret; from its body we take the two ids and nothing else, and the order's
// own advance() re-reads /api/get_order_info before anything is decided. So a forged, late,
// duplicated or reordered notification can at most cause one more read. Its order_status is
// used only to skip that read when it names the status we already hold: the notification of
// our own confirmation, say, announces nothing new, and looking again would cost a call. When
// it comes in before that confirmation's run has saved the status, the hint travels with the
// wake-up, and the run skips the look once it holds the status named. What the body says and
// the order does not expect (a delivery for an order we hold as failed, another upstream id)
// acts on nothing but is kept on the order for the owner (upstream-surprises.ts), and answered
// 2xx once kept so that upstream stops repeating it.
import { z } from "zod";
import { json, problem } from "@/lib/http/json-answer";
import type { Result } from "@/lib/result";
import { constantTimeEqual } from "@/lib/security/constant-time-equal";
import { PARTNER_NOTIFY_HEADER } from "@/lib/partner/notify-contract";
import type { OrderRecord } from "./order-record";
import { orderIdSchema } from "./order-record";
import type { OrderStoreError } from "./store/order-store";
import { surpriseIn, type UpstreamFact } from "./upstream-surprises";
import { invalid } from "@/lib/http/invalid";

const notificationIds = z.looseObject({
  order_id: z.union([z.string(), z.number()]).transform(String),
  ext_order_id: orderIdSchema.optional(),
  // A hint, never a fact: anything that is not a status number means "look".
  order_status: z.unknown().optional().transform((value) => (typeof value === "number" && Number.isInteger(value) ? value : null)),
});

export interface NotificationDeps {
  /** PARTNER_NOTIFY_SECRET; without one every notification is refused. */
  secret: string | undefined;
  read(orderId: string): Promise<Result<OrderRecord, OrderStoreError>>;
  /** Woken with the status the notification named, as a hint only (advance.ts). */
  advance(orderId: string, upstreamStatus: number | undefined): Promise<Result<OrderRecord, OrderStoreError>>;
  /** Keeps what the order did not expect on it and tells the owner (recordSurprise, source "notification"). */
  recordSurprise(orderId: string, fact: UpstreamFact): Promise<Result<string | null, OrderStoreError>>;
}

/** The 200 body: what was done with the notification. Refusals answer the error envelope. */
export interface NotificationReceipt {
  ok: true;
  message: string;
}

/**
 * The sender's credentials alone, so that the HTTP route can refuse a stranger before reading
 * any body (http/post-partner-notification.ts); null when the sender may go on.
 */
export function refuseSender(secretHeader: string | null, secret: string | undefined): Response | null {
  // 503 rather than 401: the service keeps retrying until the owner sets the secret.
  if (!secret) return problem("not_configured", "PARTNER_NOTIFY_SECRET is not configured: notifications are refused");
  if (secretHeader === null || !constantTimeEqual(secretHeader, secret)) return problem("unauthorized", `missing or wrong ${PARTNER_NOTIFY_HEADER} header`);
  return null;
}

/** One notification; it checks the sender itself, so it is safe behind any transport. */
export async function handlePartnerNotification(secretHeader: string | null, rawBody: string, deps: NotificationDeps): Promise<Response> {
  const refused = refuseSender(secretHeader, deps.secret);
  if (refused) return refused;

  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return problem("invalid_json", "body is not JSON");
  }
  const ids = notificationIds.safeParse(body);
  if (!ids.success) return invalid(ids.error);
  const orderId = ids.data.ext_order_id;
  // Orders placed outside this shop (no ext_order_id of ours) are not ours to act on; a 2xx
  // stops the service from retrying what we will never handle.
  if (!orderId) return done("ignored: no ext_order_id of this shop");

  const known = await deps.read(orderId);
  if (!known.ok) {
    if (known.error.code === "not_found") return done("ignored: unknown order");
    return problem("orders_unavailable", "orders are unavailable; retry later");
  }
  const fact = { upstreamOrderId: ids.data.order_id, status: ids.data.order_status };
  if (surpriseIn(known.value, fact) !== null) {
    const kept = await deps.recordSurprise(orderId, fact);
    if (!kept.ok) return problem("orders_unavailable", "could not record this now; retry later");
    // Judged again as the order was when kept: it may have moved to expect the fact meanwhile.
    if (kept.value !== null) return done(`kept for the owner: ${kept.value}`);
  }

  if (ids.data.order_status !== null && ids.data.order_status === known.value.upstream.status) {
    return done(`nothing new: the order is already at status ${ids.data.order_status}`);
  }

  const advanced = await deps.advance(orderId, ids.data.order_status ?? undefined);
  // Not 2xx while we could not act: the service retries, and the sweep also has the order due.
  if (!advanced.ok) return problem("orders_unavailable", "could not process now; retry later");
  return done(`order ${advanced.value.state}`);
}

function done(message: string): Response {
  return json({ ok: true, message } satisfies NotificationReceipt);
}
