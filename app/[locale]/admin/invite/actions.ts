"use server";
// Accepting an invitation: the one admin action without a session, since the invitee has none
// yet; the invitation's token is what it checks.
import { FORM_SCHEMAS } from "@/lib/auth/forms";
import { publicAdminAction } from "@/lib/shop/admin-guard";
import { joinByInvite } from "@/lib/auth/people-admin";
import { hashPassword } from "@/lib/security/password-hash";
import { getKv } from "@/lib/kv/get-kv";
import { systemClock } from "@/lib/time/clock";

export const acceptInvitation = publicAdminAction("the invitee has no session until this succeeds", FORM_SCHEMAS.acceptInvite, async ({ token, password }, { ip }) => {
  const accepted = await joinByInvite({ kv: await getKv(), clock: systemClock }, token, await hashPassword(password), ip);
  if (!accepted.ok) return { ok: false, code: "refused", message: accepted.error.code === "already_member" ? "alreadyMember" : "inviteUnusable" };
  return { ok: true, message: "joined", data: { email: accepted.value.email } };
});
