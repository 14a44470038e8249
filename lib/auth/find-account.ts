// The account an email signs in to: the first owner from settings, or an invited person.
import { createHash } from "node:crypto";
import type { Kv } from "@/lib/kv/kv";
import type { FirstOwner } from "./admin-settings";
import { getPerson } from "./people-store";
import type { Role } from "./roles";

export interface Account {
  email: string;
  role: Role;
  passwordHash: string;
  /** The first owner cannot be removed or demoted from the admin: settings name them. */
  fromSettings: boolean;
}

export async function findAccount(kv: Kv, owner: FirstOwner | null, email: string): Promise<Account | null> {
  if (owner && email === owner.email) return { email, role: "owner", passwordHash: owner.passwordHash, fromSettings: true };
  const person = await getPerson(kv, email);
  return person && { email, role: person.role, passwordHash: person.passwordHash, fromSettings: false };
}

/**
 * A short fingerprint of the password hash, kept in the JWT: a new ADMIN_PASSWORD_HASH in the
 * settings ends the first owner's sessions as surely as a bumped version does.
 */
export function passwordFingerprint(passwordHash: string): string {
  return createHash("sha256").update(passwordHash).digest("base64url").slice(0, 16);
}
