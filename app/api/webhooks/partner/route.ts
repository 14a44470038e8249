// POST /api/webhooks/partner – the Partner API's order notifications: a shared-secret header,
// the ids from the body, then the order re-reads upstream itself (lib/checkout/partner-notification.ts).
import { advance } from "@/lib/checkout/advance";
import { PARTNER_NOTIFY_HEADER, handlePartnerNotification } from "@/lib/checkout/partner-notification";
import { partnerNotifySecret } from "@/lib/checkout/shop-secrets";
import { orderDeps } from "@/lib/checkout/shop-checkout";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const deps = await orderDeps();
  const answer = await handlePartnerNotification(request.headers.get(PARTNER_NOTIFY_HEADER), await request.text(), {
    secret: await partnerNotifySecret(),
    read: async (orderId) => {
      const read = await deps.store.read(orderId);
      return read.ok ? { ok: true, value: read.value.record } : read;
    },
    advance: (orderId, upstreamStatus) => advance(orderId, deps, { wake: true, reason: upstreamStatus === undefined ? undefined : { kind: "upstream", status: upstreamStatus } }),
  });
  return Response.json(answer.body, { status: answer.status });
}
