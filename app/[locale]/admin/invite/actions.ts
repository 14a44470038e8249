"use server";
// Accepting an invitation: the one admin action without a session, since the invitee has none
// yet; the invitation's token is what it checks.
import { recordAudit } from "@/lib/shop/audit";
import { FORM_SCHEMAS } from "@/lib/auth/forms";
import { publicAdminAction } from "@/lib/shop/admin-guard";
import { acceptInvite } from "@/lib/auth/invites";
import { hashPassword } from "@/lib/security/password-hash";
import { getKv } from "@/lib/kv/get-kv";
import { systemClock } from "@/lib/time/clock";

export const acceptInvitation = publicAdminAction("the invitee has no session until this succeeds", FORM_SCHEMAS.acceptInvite, async ({ token, password }, { ip }) => {
  const accepted = await acceptInvite(await getKv(), systemClock, token, await hashPassword(password));
  if (!accepted.ok) return { ok: false, code: "refused", message: accepted.error.code === "already_member" ? "alreadyMember" : "inviteUnusable" };
  const { email, role } = accepted.value;
  await recordAudit({ actor: email, action: "people.joined", target: `person:${email}`, after: { role }, ip });
  return { ok: true, message: "joined", data: { email } };
});
