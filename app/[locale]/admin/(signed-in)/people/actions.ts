"use server";
// The owner's actions on people: invite, revoke an invitation, change a role, remove, end
// someone's sessions. The first owner comes from the settings and is changed there, not here.
import { shopFirstOwner } from "@/lib/shop/auth";
import { FORM_SCHEMAS } from "@/lib/auth/forms";
import { adminAction } from "@/lib/shop/admin-guard";
import { actorOf } from "@/lib/auth/guard/actor-of";
import * as people from "@/lib/auth/people-admin";
import { sendInvite } from "@/lib/shop/send-invite";
import { getPerson } from "@/lib/auth/people-store";
import { getKv } from "@/lib/kv/get-kv";
import { systemClock } from "@/lib/time/clock";
import { revalidatePath } from "next/cache";

/** KV and the clock, for the changes that write their own audit rows. */
async function audited() {
  return { kv: await getKv(), clock: systemClock };
}

async function isFirstOwner(email: string): Promise<boolean> {
  return (await shopFirstOwner())?.email === email;
}

export const invitePerson = adminAction("owner", FORM_SCHEMAS.invite, async ({ email, role }, admin) => {
  const kv = await getKv();
  if ((await isFirstOwner(email)) || (await getPerson(kv, email))) return { ok: false, code: "refused", field: "email", message: "alreadyMember" };
  const sent = await sendInvite(kv, { email, role }, actorOf(admin));
  // Listed as pending, and any earlier invitation to this email no longer works.
  revalidatePath("/admin/people");
  return sent.ok ? { ok: true, message: "invited", data: { email } } : { ok: false, code: "refused", message: "mailFailed" };
});

export const revokeInvitation = adminAction("owner", FORM_SCHEMAS.person, async ({ email }, admin) => {
  const revoked = await people.revokeInvitation(await audited(), email, actorOf(admin));
  if (!revoked) return { ok: false, code: "refused", field: "email", message: "noSuchInvite" };
  revalidatePath("/admin/people");
  return { ok: true, message: "inviteRevoked", data: { email } };
});

export const changeRole = adminAction("owner", FORM_SCHEMAS.changeRole, async ({ email, role }, admin) => {
  if (await isFirstOwner(email)) return { ok: false, code: "refused", field: "email", message: "firstOwner" };
  const changed = await people.changeRole(await audited(), email, role, actorOf(admin));
  if (!changed.ok) return { ok: false, code: "refused", field: "email", message: "noSuchPerson" };
  revalidatePath("/admin/people");
  return { ok: true, message: "roleChanged", data: { email } };
});

export const removeAccess = adminAction("owner", FORM_SCHEMAS.person, async ({ email }, admin) => {
  if (await isFirstOwner(email)) return { ok: false, code: "refused", field: "email", message: "firstOwner" };
  const removed = await people.removeAccess(await audited(), email, actorOf(admin));
  if (!removed) return { ok: false, code: "refused", field: "email", message: "noSuchPerson" };
  revalidatePath("/admin/people");
  return { ok: true, message: "removed", data: { email } };
});

export const signOutPerson = adminAction("owner", FORM_SCHEMAS.person, async ({ email }, admin) => {
  await people.signOutEverywhere(await audited(), email, actorOf(admin));
  return { ok: true, message: "signedOut", data: { email } };
});
