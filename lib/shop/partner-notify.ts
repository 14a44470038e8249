// How upstream's notifications reach this shop: the route, the header that carries the shared
// secret, and the secret. Both the checkout (which checks them) and the embedded sandbox (which
// sends them, as a real upstream configured for this shop would) read them from here, so that
// neither imports the other.
import { env } from "@/lib/config/env";
import { shopMode } from "@/lib/config/shop-mode";
import { getKv } from "@/lib/kv/get-kv";
import { sharedSecret } from "@/lib/kv/shared-secret";

export const PARTNER_NOTIFY_PATH = "/api/webhooks/partner";

/** The header the upstream service is configured to send with every notification. */
export const PARTNER_NOTIFY_HEADER = "x-notify-secret";

/**
 * What upstream must send in x-notify-secret; undefined means notifications are refused. A live
 * shop configures it (without it the sweep does the notifications' work); a demo shop makes its
 * own once and keeps it in KV, so no setup is needed.
 */
export async function partnerNotifySecret(): Promise<string | undefined> {
  const configured = env().PARTNER_NOTIFY_SECRET;
  if (configured || shopMode() === "live") return configured;
  return sharedSecret(await getKv(), "checkout:demo-notify-secret");
}
