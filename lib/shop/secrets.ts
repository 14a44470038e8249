// The checkout's code key. A live shop configures it (CHECKOUT_CODE_KEY is required at start);
// a demo shop makes its own once and keeps it in KV, so no setup is needed. The notification
// secret is the shop's, not the checkout's alone: lib/shop/partner-notify.ts.
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
