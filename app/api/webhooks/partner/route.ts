// POST /api/webhooks/partner – the Partner API's order notifications: a shared-secret header,
// the ids from the body, then the order re-reads upstream itself (lib/checkout/partner-notification.ts).
import { advance } from "@/lib/checkout/advance";
import { postPartnerNotification } from "@/lib/checkout/http/post-partner-notification";
import { orderDeps } from "@/lib/shop/checkout";
import { partnerNotifySecret } from "@/lib/shop/partner-notify";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const deps = await orderDeps();
  return postPartnerNotification(request, {
    secret: await partnerNotifySecret(),
    read: async (orderId) => {
      const read = await deps.store.read(orderId);
      return read.ok ? { ok: true, value: read.value.record } : read;
    },
    advance: (orderId, upstreamStatus) => advance(orderId, deps, { wake: true, reason: upstreamStatus === undefined ? undefined : { kind: "upstream", status: upstreamStatus } }),
  });
}
