// Who may sign in before anyone has been invited: the first owner, from settings (ADMIN_EMAIL
// and ADMIN_PASSWORD_HASH), or in a demo without them the demo owner, whose password is public
// (README, sign-in page) because a demo holds nothing worth protecting.
import type { Env } from "@/lib/config/env";
import type { ShopMode } from "@/lib/config/shop-mode";
import type { Kv } from "@/lib/kv/kv";
import { AUTH_KEYS } from "./keys";
import { hashPassword } from "@/lib/security/password-hash";

export const DEMO_OWNER = { email: "owner@demo.example", password: "demo-owner-password" } as const;

export interface FirstOwner {
  email: string;
  passwordHash: string;
  /** The demo owner: its credentials are shown on the sign-in page. */
  demo: boolean;
}

/** The settings a shop in `mode` lacks for its admin, by variable name; empty when none. */
export function adminStartProblems(config: Env, mode: ShopMode): string[] {
  const missing: string[] = [];
  const halfOwner = Boolean(config.ADMIN_EMAIL) !== Boolean(config.ADMIN_PASSWORD_HASH);
  if ((mode === "live" || halfOwner) && !config.ADMIN_EMAIL) missing.push("ADMIN_EMAIL");
  if ((mode === "live" || halfOwner) && !config.ADMIN_PASSWORD_HASH) missing.push("ADMIN_PASSWORD_HASH (npm run admin:hash prints one)");
  if (mode === "live" && !config.AUTH_SECRET) missing.push("AUTH_SECRET (openssl rand -base64 32)");
  return missing;
}

/**
 * The first owner; null only in a live shop the start check would have stopped. KV is opened only
 * for the demo owner, so a shop with its owner in settings needs no KV to say who that is.
 */
export async function firstOwner(config: Env, mode: ShopMode, openKv: () => Promise<Kv>): Promise<FirstOwner | null> {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD_HASH) return { email: config.ADMIN_EMAIL, passwordHash: config.ADMIN_PASSWORD_HASH, demo: false };
  if (mode !== "demo") return null;
  // One hash kept in KV, not one per process: the session check compares a fingerprint of it,
  // and each of Next's bundles (route handlers, pages) evaluates this module on its own. The
  // hash (32 MiB scrypt) is made only while KV has none; a racing first hash wins the SET NX.
  const kv = await openKv();
  const kept = await kv.get(AUTH_KEYS.demoOwnerHash);
  if (kept !== null) return { email: DEMO_OWNER.email, passwordHash: kept, demo: true };
  await kv.setIfAbsent(AUTH_KEYS.demoOwnerHash, await hashPassword(DEMO_OWNER.password));
  const passwordHash = await kv.get(AUTH_KEYS.demoOwnerHash);
  if (passwordHash === null) throw new Error(`The demo owner's password hash vanished from KV (${AUTH_KEYS.demoOwnerHash})`);
  return { email: DEMO_OWNER.email, passwordHash, demo: true };
}
