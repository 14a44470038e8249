// An owner invites a person by email: a one-time link that expires. Only the SHA-256 of its
// token is kept (a copy of KV opens no invitation), and accepting deletes that key first, so
// of two tabs accepting at once exactly one gets in.
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { getJson, setJson } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { err, ok, type Result } from "@/lib/result";
import type { Clock } from "@/lib/time/clock";
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
  await setJson(kv, AUTH_KEYS.invite(tokenHash(token)), invite, { ttlMs: INVITE_TTL_MS });
  return { token, invite };
}

/** The invitation a link carries, while it can still be used. */
export async function readInvite(kv: Kv, clock: Clock, token: string): Promise<Invite | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const invite = await getJson(kv, AUTH_KEYS.invite(tokenHash(token)), inviteSchema);
  // The TTL removes it too; the date is checked as well so that expiry never hangs on a TTL.
  return invite && invite.expiresAt > clock.now() ? invite : null;
}

/** Use the invitation once: the person joins with the hash of the password they chose. */
export async function acceptInvite(kv: Kv, clock: Clock, token: string, passwordHash: string): Promise<Result<Person, InviteProblem>> {
  const invite = await readInvite(kv, clock, token);
  const unusable = err({ code: "invite_unusable" as const, message: "This invitation has expired or has been used. Ask the owner for a new one." });
  if (!invite) return unusable;
  if (!(await kv.del(AUTH_KEYS.invite(tokenHash(token))))) return unusable;
  const person: Person = { email: invite.email, role: invite.role, passwordHash, addedAt: clock.now(), addedBy: invite.invitedBy };
  if (!(await addPerson(kv, person))) return err({ code: "already_member", message: `${invite.email} already has access.` });
  return ok(person);
}
