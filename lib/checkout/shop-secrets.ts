// The checkout's two secrets. A live shop configures both (CHECKOUT_CODE_KEY is required at
// start; without PARTNER_NOTIFY_SECRET notifications are refused and the sweep does their
// work). A demo shop makes its own once and keeps them in KV, so no setup is needed.
import { env } from "@/lib/config/env";
import { shopMode } from "@/lib/config/shop-mode";
import { getKv } from "@/lib/kv/get-kv";
import { sharedSecret } from "@/lib/kv/shared-secret";

/** The 32-byte key that seals delivered codes (code-vault.ts). */
export async function codeVaultKey(): Promise<Uint8Array> {
  const configured = env().CHECKOUT_CODE_KEY;
  if (configured) return configured;
  if (shopMode() === "live") throw new Error("CHECKOUT_CODE_KEY is required in live mode");
  return new Uint8Array(Buffer.from(await sharedSecret(await getKv(), "checkout:demo-code-key"), "base64url"));
}

/** What upstream must send in x-notify-secret; undefined means notifications are refused. */
export async function partnerNotifySecret(): Promise<string | undefined> {
  const configured = env().PARTNER_NOTIFY_SECRET;
  if (configured || shopMode() === "live") return configured;
  return sharedSecret(await getKv(), "checkout:demo-notify-secret");
}
