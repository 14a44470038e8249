// The owner's changes to who has access, each written to the audit log with the change it made:
// the layer that makes a change writes its row, so no caller can make one and forget the other.
// The first owner comes from the settings and is refused by the caller, which knows it.
import { recordAudit, type Actor, type AuditDeps } from "@/lib/audit";
import type { Result } from "@/lib/result";
import { err, ok } from "@/lib/result";
import { acceptInvite, revokeInvite, type Invite, type InviteProblem } from "./invites";
import { getPerson, removePerson, setRole, type Person } from "./people-store";
import type { Role } from "./roles";
import { bumpSessionVersion } from "./session-version";

const target = (email: string) => `person:${email}`;

/** Void a pending invitation; null when none waited. */
export async function revokeInvitation(deps: AuditDeps, email: string, actor: Actor): Promise<Invite | null> {
  const revoked = await revokeInvite(deps.kv, deps.clock, email);
  if (revoked) await recordAudit({ actor: actor.email, action: "people.invite_revoked", target: target(email), before: { role: revoked.role }, ip: actor.ip }, deps);
  return revoked;
}

export async function changeRole(deps: AuditDeps, email: string, role: Role, actor: Actor): Promise<Result<Person, "no_such_person">> {
  const before = await getPerson(deps.kv, email);
  const after = before && (await setRole(deps.kv, email, role));
  if (!before || !after) return err("no_such_person");
  await recordAudit({ actor: actor.email, action: "people.role_changed", target: target(email), before: { role: before.role }, after: { role }, ip: actor.ip }, deps);
  return ok(after);
}

/** Null when there was nobody to remove. */
export async function removeAccess(deps: AuditDeps, email: string, actor: Actor): Promise<Person | null> {
  const removed = await removePerson(deps.kv, email);
  if (removed) await recordAudit({ actor: actor.email, action: "people.removed", target: target(email), before: { role: removed.role }, ip: actor.ip }, deps);
  return removed;
}

/** Every session of `email` ends at its next request; `actor` may be that person. */
export async function signOutEverywhere(deps: AuditDeps, email: string, actor: Actor): Promise<void> {
  await bumpSessionVersion(deps.kv, email);
  await recordAudit({ actor: actor.email, action: "auth.signed_out_everywhere", target: target(email), ip: actor.ip }, deps);
}

/** The invitee joins; the row's actor is the new person, from the address they accepted at. */
export async function joinByInvite(deps: AuditDeps, token: string, passwordHash: string, ip: string): Promise<Result<Person, InviteProblem>> {
  const accepted = await acceptInvite(deps.kv, deps.clock, token, passwordHash);
  if (accepted.ok) {
    const { email, role } = accepted.value;
    await recordAudit({ actor: email, action: "people.joined", target: target(email), after: { role }, ip }, deps);
  }
  return accepted;
}
