// POST /api/order-links ("Email me my orders") as the route serves it: from our own pages,
// limited per client IP by the route wrapper and per address here, both on the shop's KV; the
// lookup and the mail run after the answer (`later`: next/server's after() in the route).
import { env } from "@/lib/config/env";
import { postOrderLinks } from "@/lib/checkout/http/post-order-links";
import { sendOrderLinks } from "@/lib/checkout/order-links";
import { route, type RouteHandler } from "@/lib/http/route";
import { getKv } from "@/lib/kv/get-kv";
import { hitFixedWindow } from "@/lib/rate-limit/fixed-window";
import { systemClock } from "@/lib/time/clock";
import { orderDeps } from "./checkout";
import { shopMailer, SHOP_NAME } from "./mailer";
import { rateLimit, sameOrigin } from "./route-needs";

export function orderLinksHandler(later: (task: () => Promise<unknown>) => void): RouteHandler<Request, unknown> {
  return route({ sameOrigin, rateLimit: rateLimit("order-links") }, (request) =>
    postOrderLinks(request, {
      countAddress: async (addressHash) => {
        const decision = await hitFixedWindow(await getKv(), systemClock, env().ORDER_LINKS_ADDRESS_LIMIT, "order-links-address", addressHash);
        return decision.allowed ? null : { retryAfterSeconds: Math.max(1, Math.ceil(decision.resetInMs / 1000)) };
      },
      send: async (address, locale) => sendOrderLinks(address, locale, { ...(await orderDeps()), mailer: shopMailer(), shopName: SHOP_NAME }),
      later,
    }),
  );
}
