// The admin's one secret. Auth derives the session cookie's key from it, and totp-vault.ts
// derives the key that seals second factors. AUTH_SECRET, or in a demo without it a secret the
// demo keeps in KV: a copy of a demo's KV includes it, which is fine for a shop holding nothing.
import type { Env } from "@/lib/config/env";
import type { ShopMode } from "@/lib/config/shop-mode";
import type { Kv } from "@/lib/kv/kv";
import { sharedSecret } from "@/lib/kv/shared-secret";
import { AUTH_KEYS } from "./keys";

export async function authSecret(kv: Kv, config: Env, mode: ShopMode): Promise<string> {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (mode === "demo") return sharedSecret(kv, AUTH_KEYS.demoSecret);
  throw new Error("AUTH_SECRET is unset in a live shop; the start check (lib/shop/start-check.ts) should have stopped it");
}
