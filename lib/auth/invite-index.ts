// Which invitation of an email is the live one. Each email has at most one: a new invitation
// moves the pointer to itself, and a link whose hash is not the pointer's is void, so an older
// link (an owner invitation replaced by a staff one, say) stops working even if deleting it
// failed. An index of pending emails lets the owner see and revoke them. Removing a person
// voids theirs (people-store.ts), which is why this module does not import the people.
import type { Kv } from "@/lib/kv/kv";
import type { Clock } from "@/lib/time/clock";
import { AUTH_KEYS } from "./keys";

/** Make `tokenHash` the email's live invitation; answers the hash it replaced, if any. */
export async function pointInvite(kv: Kv, clock: Clock, email: string, tokenHash: string, expiresAt: number): Promise<string | null> {
  const older = await kv.get(AUTH_KEYS.inviteFor(email));
  await kv.set(AUTH_KEYS.inviteFor(email), tokenHash, { ttlMs: Math.max(1, expiresAt - clock.now()) });
  await kv.zAdd(AUTH_KEYS.invites, expiresAt, email);
  // Expired emails leave the index here, on a write, so that listing stays a read.
  for (const { member } of await kv.zRangeByScore(AUTH_KEYS.invites, { max: clock.now() })) await kv.zRem(AUTH_KEYS.invites, member);
  return older === tokenHash ? null : older;
}

export async function isLiveInvite(kv: Kv, email: string, tokenHash: string): Promise<boolean> {
  return (await kv.get(AUTH_KEYS.inviteFor(email))) === tokenHash;
}

/**
 * After the link was taken: it leaves the index. False when a newer invitation replaced it or
 * the owner revoked it meanwhile, and then the index is left to that newer state.
 */
export async function forgetUsedInvite(kv: Kv, email: string, tokenHash: string): Promise<boolean> {
  if (!(await isLiveInvite(kv, email, tokenHash))) return false;
  await kv.del(AUTH_KEYS.inviteFor(email));
  await kv.zRem(AUTH_KEYS.invites, email);
  return true;
}

/** Void the email's pending invitation; true when there was one to void. */
export async function voidInvite(kv: Kv, email: string): Promise<boolean> {
  const tokenHash = await kv.get(AUTH_KEYS.inviteFor(email));
  await kv.zRem(AUTH_KEYS.invites, email);
  if (tokenHash === null) return false;
  await kv.del(AUTH_KEYS.inviteFor(email));
  return kv.del(AUTH_KEYS.invite(tokenHash));
}
