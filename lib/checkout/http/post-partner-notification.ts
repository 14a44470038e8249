// POST /api/webhooks/partner over HTTP: the shared secret is checked before a byte of the body
// is read, and the body is read no further than a notification can need, so a stranger can
// make us read nothing and nobody can make us hold more than that.
import { errorAnswer } from "@/lib/http/json-answer";
import { readBody } from "@/lib/http/read-body";
import { PARTNER_NOTIFY_HEADER } from "@/lib/partner/notify-contract";
import { handlePartnerNotification, refuseSender, type NotificationDeps } from "../partner-notification";

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
