"use server";
// The owner's actions on people: invite, change a role, remove, end someone's sessions. The
// first owner comes from the settings and is changed there, not here.
import { recordAudit } from "@/lib/audit";
import { firstOwner } from "@/lib/auth/admin-settings";
import { FORM_SCHEMAS } from "@/lib/auth/forms";
import { adminAction } from "@/lib/auth/guard/admin-guard";
import { sendInvite } from "@/lib/shop/send-invite";
import { getPerson, removePerson, setRole } from "@/lib/auth/people-store";
import { bumpSessionVersion } from "@/lib/auth/session-version";
import { env } from "@/lib/config/env";
import { shopMode } from "@/lib/config/shop-mode";
import { getKv } from "@/lib/kv/get-kv";
import { revalidatePath } from "next/cache";

async function isFirstOwner(email: string): Promise<boolean> {
  return (await firstOwner(env(), shopMode()))?.email === email;
}

export const invitePerson = adminAction("owner", FORM_SCHEMAS.invite, async ({ email, role }, admin) => {
  const kv = await getKv();
  if ((await isFirstOwner(email)) || (await getPerson(kv, email))) return { ok: false, code: "refused", field: "email", message: "alreadyMember" };
  const sent = await sendInvite(kv, { email, role, invitedBy: admin.email });
  await recordAudit({ actor: admin.email, action: "people.invited", target: `person:${email}`, after: { role, mailed: sent.ok }, ip: admin.ip });
  return sent.ok ? { ok: true, message: "invited", data: { email } } : { ok: false, code: "refused", message: "mailFailed" };
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
