"use server";
// The owner's actions on people: invite, revoke an invitation, change a role, remove, end
// someone's sessions. The first owner comes from the settings and is changed there, not here.
import { recordAudit } from "@/lib/shop/audit";
import { shopFirstOwner } from "@/lib/shop/auth";
import { FORM_SCHEMAS } from "@/lib/auth/forms";
import { adminAction } from "@/lib/shop/admin-guard";
import { revokeInvite } from "@/lib/auth/invites";
import { sendInvite } from "@/lib/shop/send-invite";
import { getPerson, removePerson, setRole } from "@/lib/auth/people-store";
import { bumpSessionVersion } from "@/lib/auth/session-version";
import { getKv } from "@/lib/kv/get-kv";
import { systemClock } from "@/lib/time/clock";
import { revalidatePath } from "next/cache";

async function isFirstOwner(email: string): Promise<boolean> {
  return (await shopFirstOwner())?.email === email;
}

export const invitePerson = adminAction("owner", FORM_SCHEMAS.invite, async ({ email, role }, admin) => {
  const kv = await getKv();
  if ((await isFirstOwner(email)) || (await getPerson(kv, email))) return { ok: false, code: "refused", field: "email", message: "alreadyMember" };
  const sent = await sendInvite(kv, { email, role, invitedBy: admin.email });
  await recordAudit({ actor: admin.email, action: "people.invited", target: `person:${email}`, after: { role, mailed: sent.ok }, ip: admin.ip });
  // Listed as pending, and any earlier invitation to this email no longer works.
  revalidatePath("/admin/people");
  return sent.ok ? { ok: true, message: "invited", data: { email } } : { ok: false, code: "refused", message: "mailFailed" };
});

export const revokeInvitation = adminAction("owner", FORM_SCHEMAS.person, async ({ email }, admin) => {
  const revoked = await revokeInvite(await getKv(), systemClock, email);
  if (!revoked) return { ok: false, code: "refused", field: "email", message: "noSuchInvite" };
  await recordAudit({ actor: admin.email, action: "people.invite_revoked", target: `person:${email}`, before: { role: revoked.role }, ip: admin.ip });
  revalidatePath("/admin/people");
  return { ok: true, message: "inviteRevoked", data: { email } };
});

export const changeRole = adminAction("owner", FORM_SCHEMAS.changeRole, async ({ email, role }, admin) => {
  if (await isFirstOwner(email)) return { ok: false, code: "refused", field: "email", message: "firstOwner" };
  const kv = await getKv();
  const before = await getPerson(kv, email);
  if (!before) return { ok: false, code: "refused", field: "email", message: "noSuchPerson" };
  await setRole(kv, email, role);
  await recordAudit({ actor: admin.email, action: "people.role_changed", target: `person:${email}`, before: { role: before.role }, after: { role }, ip: admin.ip });
  revalidatePath("/admin/people");
  return { ok: true, message: "roleChanged", data: { email } };
});

export const removeAccess = adminAction("owner", FORM_SCHEMAS.person, async ({ email }, admin) => {
  if (await isFirstOwner(email)) return { ok: false, code: "refused", field: "email", message: "firstOwner" };
  const removed = await removePerson(await getKv(), email);
  if (!removed) return { ok: false, code: "refused", field: "email", message: "noSuchPerson" };
  await recordAudit({ actor: admin.email, action: "people.removed", target: `person:${email}`, before: { role: removed.role }, ip: admin.ip });
  revalidatePath("/admin/people");
  return { ok: true, message: "removed", data: { email } };
});

export const signOutPerson = adminAction("owner", FORM_SCHEMAS.person, async ({ email }, admin) => {
  await bumpSessionVersion(await getKv(), email);
  await recordAudit({ actor: admin.email, action: "auth.signed_out_everywhere", target: `person:${email}`, ip: admin.ip });
  return { ok: true, message: "signedOut", data: { email } };
});
