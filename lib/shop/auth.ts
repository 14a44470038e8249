// The admin's sign-in parts on this shop's settings and KV: the first owner, the TOTP vault, and
// the one Auth.js configuration with the session read that uses it.
import type { AuthConfig } from "@auth/core";
import { firstOwner, type FirstOwner } from "@/lib/auth/admin-settings";
import { buildAuthConfig } from "@/lib/auth/auth-config";
import { authSecret } from "@/lib/auth/auth-secret";
import { readSession, type AdminSession } from "@/lib/auth/read-session";
import { totpVault, type TotpVault } from "@/lib/auth/totp-vault";
import { env } from "@/lib/config/env";
import { shopMode } from "@/lib/config/shop-mode";
import type { Kv } from "@/lib/kv/kv";
import { getKv } from "@/lib/kv/get-kv";
import { processSingleton } from "@/lib/singleton";
import { systemClock } from "@/lib/time/clock";
import { shopClientIp } from "./client-ip";

/** Who may sign in before anyone has been invited (lib/auth/admin-settings.ts). */
export function shopFirstOwner(): Promise<FirstOwner | null> {
  return firstOwner(env(), shopMode(), getKv);
}

/** The TOTP vault under this shop's admin secret. */
export async function shopTotpVault(kv: Kv): Promise<TotpVault> {
  return totpVault(await authSecret(kv, env(), shopMode()));
}

/**
 * The process's one configuration, built at the first admin request and kept (decision 121): in a
 * demo, building it may hash the demo owner's password (32 MiB scrypt). lib/singleton.ts forgets
 * a failed build, such as KV down at the first request.
 */
export function authConfig(): Promise<AuthConfig> {
  return processSingleton("auth-config", async () => {
    const config = env();
    const [owner, secret] = await Promise.all([shopFirstOwner(), getKv().then((kv) => authSecret(kv, config, shopMode()))]);
    return buildAuthConfig({ owner, secret, shopUrl: config.SHOP_URL, kv: getKv, clock: systemClock, clientIp: shopClientIp });
  });
}

/** The signed-in person a request's cookie names, checked against KV; null for none. */
export function readAdminSession(headers: Headers): Promise<AdminSession | null> {
  return readSession(headers, authConfig);
}
