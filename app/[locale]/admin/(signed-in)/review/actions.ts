"use server";
// POST (server actions) on /admin/review and the order page – the owner's fraud review: approve or
// reject a held order (staff and owner: like cancel, it only decides what the checkout does with
// money already held), save the review settings and submit a dispute's evidence (owner only).
// Each is a thin wrapper of lib/checkout and lib/fraud; the guard checks session, role and origin.
import { revalidatePath } from "next/cache";
import { approveFormSchema, evidenceFormSchema, rejectFormSchema } from "@/app/_components/admin/orders/order-actions-schemas";
import { reviewSettingsFormSchema, settingsOfForm } from "@/app/_components/admin/fraud/review-settings-form-schema";
import type { ActionState } from "@/lib/auth/guard/admin-guard";
import { adminAction } from "@/lib/shop/admin-guard";
import { actorOf } from "@/lib/auth/guard/actor-of";
import { reviewOrder, type OwnerActionError } from "@/lib/checkout/owner-actions";
import { saveReviewSettingsAsOwner } from "@/lib/shop/fraud-admin";
import { submitOrderEvidence } from "@/lib/shop/dispute-evidence";
import { ownerActionDeps } from "@/lib/shop/owner-actions";

export const approveOrderAction = adminAction("staff", approveFormSchema, async ({ orderId, requestId }, admin) =>
  verdict(await reviewOrder(await ownerActionDeps(), { orderId, requestId, verdict: "approve" }, actorOf(admin)), "approved"),
);

export const rejectOrderAction = adminAction("staff", rejectFormSchema, async ({ orderId, requestId }, admin) =>
  verdict(await reviewOrder(await ownerActionDeps(), { orderId, requestId, verdict: "reject" }, actorOf(admin)), "rejected"),
);

export const submitEvidenceAction = adminAction("owner", evidenceFormSchema, async ({ orderId }, admin) => {
  const submitted = await submitOrderEvidence(orderId, actorOf(admin));
  if (!submitted.ok) return refused(submitted.error);
  revalidate();
  return { ok: true, message: "evidenceSubmitted" };
});

export const saveReviewSettingsAction = adminAction("owner", reviewSettingsFormSchema, async (input, admin) => {
  await saveReviewSettingsAsOwner(settingsOfForm(input), actorOf(admin));
  revalidate();
  return { ok: true, message: "saved" };
});

function verdict(result: Awaited<ReturnType<typeof reviewOrder>>, done: string): ActionState {
  if (!result.ok) return refused(result.error);
  revalidate();
  if (result.value.repeat) return { ok: true, message: "repeat" };
  return { ok: true, message: done, data: { state: result.value.state } };
}

function refused(error: OwnerActionError): ActionState {
  if (error.code === "invalid") return { ok: false, code: "invalid", field: error.field ?? "", message: error.message };
  return { ok: false, code: "refused", message: error.code, data: { detail: error.message } };
}

function revalidate() {
  revalidatePath("/[locale]/admin/(signed-in)/review", "page");
  revalidatePath("/[locale]/admin/(signed-in)/orders/[orderId]", "page");
}
