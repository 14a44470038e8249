// POST /api/webhooks/partner – the Partner API's order notifications: a shared-secret header,
// the ids from the body, then the order re-reads upstream itself (lib/checkout/partner-notification.ts).
import { checkoutNotificationDeps, postPartnerNotification } from "@/lib/checkout/http/post-partner-notification";
import { route } from "@/lib/http/route";
import { orderDepsWithin } from "@/lib/shop/checkout";
import { UPSTREAM_ROUTE_MAX_DURATION_S } from "@/lib/shop/time-limits";
import { partnerNotifySecret } from "@/lib/shop/partner-notify";

export const dynamic = "force-dynamic";
/** UPSTREAM_ROUTE_MAX_DURATION_S (lib/shop/time-limits.ts): the order's run may wait on a Partner call at its worst. */
export const maxDuration = 300;

export const POST = route({}, async (request: Request) =>
  postPartnerNotification(request, checkoutNotificationDeps(await orderDepsWithin(UPSTREAM_ROUTE_MAX_DURATION_S), await partnerNotifySecret())),
);
