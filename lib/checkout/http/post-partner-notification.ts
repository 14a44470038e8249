// POST /api/webhooks/partner over HTTP: the shared secret is checked before a byte of the body
// is read, and the body is read no further than a notification can need, so a stranger can
// make us read nothing and nobody can make us hold more than that.
import { errorAnswer } from "@/lib/http/json-answer";
import { readBody } from "@/lib/http/read-body";
import { PARTNER_NOTIFY_HEADER } from "@/lib/partner/notify-contract";
import { advance, type AdvanceDeps } from "../advance";
import { handlePartnerNotification, refuseSender, type NotificationDeps } from "../partner-notification";
import { recordSurprise } from "../upstream-surprises";

/** A notification is one order as /api/pay returns it: a few hundred bytes to a few KiB. */
export const PARTNER_NOTIFICATION_MAX_BYTES = 64 * 1024;

export async function postPartnerNotification(request: Request, deps: NotificationDeps): Promise<Response> {
  const secretHeader = request.headers.get(PARTNER_NOTIFY_HEADER);
  const refused = refuseSender(secretHeader, deps.secret);
  if (refused) return refused;
  const body = await readBody(request, PARTNER_NOTIFICATION_MAX_BYTES);
  if (!body.ok) return errorAnswer(body.error);
  return handlePartnerNotification(secretHeader, body.value, deps);
}

/** What a notification needs, on the checkout's own parts: the order store, advance, the owner's alerts. */
export function checkoutNotificationDeps(deps: AdvanceDeps, secret: string | undefined): NotificationDeps {
  return {
    secret,
    read: async (orderId) => {
      const read = await deps.store.read(orderId);
      return read.ok ? { ok: true, value: read.value.record } : read;
    },
    advance: (orderId, upstreamStatus) => advance(orderId, deps, { kind: "wake", reason: upstreamStatus === undefined ? { kind: "any" } : { kind: "upstream", status: upstreamStatus } }),
    recordSurprise: (orderId, fact) => recordSurprise(deps, orderId, "notification", fact),
  };
}
