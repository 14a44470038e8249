// The admin's sign-in parts on this shop's settings and KV.
import { firstOwner, type FirstOwner } from "@/lib/auth/admin-settings";
import { authSecret } from "@/lib/auth/auth-secret";
import { totpVault, type TotpVault } from "@/lib/auth/totp-vault";
import { env } from "@/lib/config/env";
import { shopMode } from "@/lib/config/shop-mode";
import type { Kv } from "@/lib/kv/kv";
import { getKv } from "@/lib/kv/get-kv";

/** Who may sign in before anyone has been invited (lib/auth/admin-settings.ts). */
export function shopFirstOwner(): Promise<FirstOwner | null> {
  return firstOwner(env(), shopMode(), getKv);
}

/** The TOTP vault under this shop's admin secret. */
export async function shopTotpVault(kv: Kv): Promise<TotpVault> {
  return totpVault(await authSecret(kv, env(), shopMode()));
}
