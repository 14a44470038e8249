// An owner invites a person by email: a one-time link that expires. Only the SHA-256 of its
// token is kept (a copy of KV opens no invitation), and accepting deletes that key first, so
// of two tabs accepting at once exactly one gets in. Only the email's newest link works
// (invite-index.ts).
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { getJson, setJson } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { err, ok, type Result } from "@/lib/result";
import type { Clock } from "@/lib/time/clock";
import { forgetUsedInvite, isLiveInvite, pointInvite, voidInvite } from "./invite-index";
import { AUTH_KEYS } from "./keys";
import { addPerson, type Person } from "./people-store";
import { roleSchema, type Role } from "./roles";

export const INVITE_TTL_MS = 48 * 3600 * 1000;

const inviteSchema = z.object({ email: z.string(), role: roleSchema, invitedBy: z.string(), expiresAt: z.number().int() });
export type Invite = z.infer<typeof inviteSchema>;

export type InviteProblem = { code: "invite_unusable" | "already_member"; message: string };

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createInvite(kv: Kv, clock: Clock, input: { email: string; role: Role; invitedBy: string }): Promise<{ token: string; invite: Invite }> {
  const token = randomBytes(32).toString("base64url");
  const invite: Invite = { ...input, expiresAt: clock.now() + INVITE_TTL_MS };
  const hash = tokenHash(token);
  await setJson(kv, AUTH_KEYS.invite(hash), invite, { ttlMs: INVITE_TTL_MS });
  const replaced = await pointInvite(kv, clock, input.email, hash, invite.expiresAt);
  // Already void (the pointer moved on); deleted so that it does not wait out its TTL.
  if (replaced !== null) await kv.del(AUTH_KEYS.invite(replaced));
  return { token, invite };
}

/** Void the email's pending invitation; answers what it was, or null when none waited. */
export async function revokeInvite(kv: Kv, clock: Clock, email: string): Promise<Invite | null> {
  const hash = await kv.get(AUTH_KEYS.inviteFor(email));
  const invite = hash === null ? null : await getJson(kv, AUTH_KEYS.invite(hash), inviteSchema);
  const voided = await voidInvite(kv, email);
  return voided && invite && invite.expiresAt > clock.now() ? invite : null;
}

/** The invitations still waiting, one per email, the soonest to expire first. */
export async function listInvites(kv: Kv, clock: Clock): Promise<Invite[]> {
  const emails = await kv.zRangeByScore(AUTH_KEYS.invites, { min: clock.now() + 1 });
  const invites = await Promise.all(
    emails.map(async ({ member }) => {
      const hash = await kv.get(AUTH_KEYS.inviteFor(member));
      return hash === null ? null : getJson(kv, AUTH_KEYS.invite(hash), inviteSchema);
    }),
  );
  return invites.filter((invite): invite is Invite => invite !== null && invite.expiresAt > clock.now());
}

/** The invitation a link carries, while it can still be used. */
export async function readInvite(kv: Kv, clock: Clock, token: string): Promise<Invite | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const hash = tokenHash(token);
  const invite = await getJson(kv, AUTH_KEYS.invite(hash), inviteSchema);
  // The TTL removes it too; the date is checked as well so that expiry never hangs on a TTL.
  if (!invite || invite.expiresAt <= clock.now()) return null;
  return (await isLiveInvite(kv, invite.email, hash)) ? invite : null;
}

/** Use the invitation once: the person joins with the hash of the password they chose. */
export async function acceptInvite(kv: Kv, clock: Clock, token: string, passwordHash: string): Promise<Result<Person, InviteProblem>> {
  const invite = await readInvite(kv, clock, token);
  const unusable = err({ code: "invite_unusable" as const, message: "This invitation has expired, has been used or no longer stands (revoked, or replaced by a newer one). Ask the owner for a new one." });
  if (!invite) return unusable;
  const hash = tokenHash(token);
  if (!(await kv.del(AUTH_KEYS.invite(hash)))) return unusable;
  // Checked again once taken: replaced or revoked between the read and the delete, it is void.
  if (!(await forgetUsedInvite(kv, invite.email, hash))) return unusable;
  const person: Person = { email: invite.email, role: invite.role, passwordHash, addedAt: clock.now(), addedBy: invite.invitedBy };
  if (!(await addPerson(kv, person))) return err({ code: "already_member", message: `${invite.email} already has access.` });
  return ok(person);
}
