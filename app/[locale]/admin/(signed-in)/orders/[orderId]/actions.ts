"use server";
// POST (server actions) on /admin/orders/[orderId] – the owner's actions on one order, each a
// thin wrapper of lib/checkout/owner-actions: re-drive, resend the order email and cancel for
// staff and owner (no money leaves the shop), refund for the owner only (money goes back to the
// buyer while the shop has paid upstream for the code). The guard checks the session, the role
// and the request's origin first; every answer is a key of admin.orderActions.results.
// Revealing the delivered code is here too, for staff and owner (support answers buyers who lost
// their email); it is written to the audit log before it is shown: a reveal that cannot be
// audited does not happen.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { cancelFormSchema, redriveFormSchema, refundFormSchema, resendFormSchema } from "@/app/_components/admin/orders/order-actions-schemas";
import type { ActionState } from "@/lib/auth/guard/admin-guard";
import { adminAction } from "@/lib/shop/admin-guard";
import { actorOf } from "@/lib/auth/guard/actor-of";
import { createCodeVault } from "@/lib/checkout/code-vault";
import { orderIdSchema } from "@/lib/checkout/order-record";
import { cancelOrder, redriveOrder, refundOrder, resendOrderEmail, type OwnerActionError, type OwnerActionOutcome } from "@/lib/checkout/owner-actions";
import { revealCode } from "@/lib/checkout/owner-actions/reveal-code";
import { getKv } from "@/lib/kv/get-kv";
import { codeVaultKey } from "@/lib/shop/secrets";
import { ownerActionDeps } from "@/lib/shop/owner-actions";
import { formatMoney, parseMoneyInput } from "@/lib/money";
import type { Result } from "@/lib/result";
import { systemClock } from "@/lib/time/clock";

export const redriveOrderAction = adminAction("staff", redriveFormSchema, async (input, admin) =>
  answer(await redriveOrder(await ownerActionDeps(), input, actorOf(admin)), "redriven"),
);

export const resendOrderEmailAction = adminAction("staff", resendFormSchema, async (input, admin) =>
  answer(await resendOrderEmail(await ownerActionDeps(), input, actorOf(admin)), "sent"),
);

export const cancelOrderAction = adminAction("staff", cancelFormSchema, async ({ orderId, requestId }, admin) =>
  answer(await cancelOrder(await ownerActionDeps(), { orderId, requestId }, actorOf(admin)), "cancelled"),
);

export const refundOrderAction = adminAction("owner", refundFormSchema, async ({ orderId, requestId, currency, amount, reason }, admin) => {
  const money = amount === "" ? null : parseMoneyInput(amount, currency);
  if (money && !money.ok) return { ok: false, code: "invalid", field: "amount", message: `expected an amount such as ${money.error.code === "not_a_number" ? money.error.example : "25.50"}` };
  const result = await refundOrder(await ownerActionDeps(), { orderId, requestId, reason, ...(money ? { amount: money.value } : {}) }, actorOf(admin));
  if (!result.ok) return refused(result.error);
  revalidateOrder();
  const { refund, repeat } = result.value;
  if (repeat || !refund) return { ok: true, message: "repeat" };
  const data = { amount: formatMoney(refund.amount, "en") };
  if (!result.value.audited) return { ok: true, message: "notAudited", data };
  return { ok: true, message: refund.status === "done" ? "refundDone" : "refundPending", data };
});

const revealSchema = z.object({ orderId: orderIdSchema });
const REVEAL_REFUSALS = { order_not_found: "orderNotFound", no_code: "noCode", code_unreadable: "codeUnreadable" } as const;

export const revealOrderCode = adminAction("staff", revealSchema, async ({ orderId }, admin) => {
  const codes = await revealCode({ kv: await getKv(), clock: systemClock, vault: createCodeVault(await codeVaultKey()) }, orderId, actorOf(admin));
  if (!codes.ok) return { ok: false, code: "refused", message: REVEAL_REFUSALS[codes.error] };
  return { ok: true, message: "codeRevealed", data: { codes: codes.value } };
});

function answer(result: Result<OwnerActionOutcome, OwnerActionError>, done: string): ActionState {
  if (!result.ok) return refused(result.error);
  revalidateOrder();
  if (result.value.repeat) return { ok: true, message: "repeat" };
  if (!result.value.audited) return { ok: true, message: "notAudited" };
  return { ok: true, message: done, data: { state: result.value.state } };
}

function refused(error: OwnerActionError): ActionState {
  if (error.code === "invalid") return { ok: false, code: "invalid", field: error.field ?? "", message: error.message };
  return { ok: false, code: "refused", message: error.code, data: { detail: error.message } };
}

/** The order page again, with fresh request ids: the next click is a new request. */
function revalidateOrder() {
  revalidatePath("/[locale]/admin/(signed-in)/orders/[orderId]", "page");
}
