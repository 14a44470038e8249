// POST /api/webhooks/partner, the logic: a notification only says "look at this order". It must
// carry our shared secret; from its body we take the two ids and nothing else, and the order's
// own advance() re-reads /api/get_order_info before anything is decided. So a forged, late,
// duplicated or reordered notification can at most cause one more read. Its order_status is
// used only to skip that read when it names the status we already hold: the notification of
// our own confirmation, say, announces nothing new, and looking again would cost a call. When
// it comes in before that confirmation's run has saved the status, the hint travels with the
// wake-up, and the run skips the look once it holds the status named.
import { z } from "zod";
import type { Result } from "@/lib/result";
import { constantTimeEqual } from "@/lib/security/constant-time-equal";
import type { OrderRecord } from "./order-record";
import { orderIdSchema } from "./order-record";
import type { OrderStoreError } from "./store/order-store";

/** The header the upstream service is configured to send with every notification. */
export const PARTNER_NOTIFY_HEADER = "x-notify-secret";

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
}

export interface NotificationAnswer {
  status: number;
  body: { ok: boolean; message: string };
}

export async function handlePartnerNotification(secretHeader: string | null, rawBody: string, deps: NotificationDeps): Promise<NotificationAnswer> {
  if (!deps.secret) return answer(503, false, "PARTNER_NOTIFY_SECRET is not configured: notifications are refused");
  if (secretHeader === null || !constantTimeEqual(secretHeader, deps.secret)) return answer(401, false, `missing or wrong ${PARTNER_NOTIFY_HEADER} header`);

  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return answer(400, false, "body is not JSON");
  }
  const ids = notificationIds.safeParse(json);
  if (!ids.success) return answer(400, false, `body: ${ids.error.issues[0]?.path.join(".") ?? ""} ${ids.error.issues[0]?.message ?? "invalid"}`.trim());
  const orderId = ids.data.ext_order_id;
  // Orders placed outside this shop (no ext_order_id of ours) are not ours to act on; a 2xx
  // stops the service from retrying what we will never handle.
  if (!orderId) return answer(200, true, "ignored: no ext_order_id of this shop");

  const known = await deps.read(orderId);
  if (!known.ok) {
    if (known.error.code === "not_found") return answer(200, true, "ignored: unknown order");
    return answer(503, false, "orders are unavailable; retry later");
  }
  const upstreamId = known.value.upstream.orderId;
  if (upstreamId !== null && upstreamId !== ids.data.order_id) return answer(200, true, "ignored: ids do not match");

  if (ids.data.order_status !== null && ids.data.order_status === known.value.upstream.status) {
    return answer(200, true, `nothing new: the order is already at status ${ids.data.order_status}`);
  }

  const advanced = await deps.advance(orderId, ids.data.order_status ?? undefined);
  // Not 2xx while we could not act: the service retries, and the sweep also has the order due.
  if (!advanced.ok) return answer(503, false, "could not process now; retry later");
  return answer(200, true, `order ${advanced.value.state}`);
}

function answer(status: number, ok: boolean, message: string): NotificationAnswer {
  return { status, body: { ok, message } };
}
