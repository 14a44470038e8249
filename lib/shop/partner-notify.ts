// The secret upstream's notifications carry (the route and header: lib/partner/notify-contract.ts).
import { env } from "@/lib/config/env";
import { shopMode } from "@/lib/config/shop-mode";
import { getKv } from "@/lib/kv/get-kv";
import { sharedSecret } from "@/lib/kv/shared-secret";

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
