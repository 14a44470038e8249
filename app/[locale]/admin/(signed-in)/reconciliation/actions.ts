"use server";
// The owner's two reconciliation actions: run a period now (then show the run), and settle one
// mismatch row (audited once, safe to click twice: settle.ts).
import { redirect } from "next/navigation";
import { z } from "zod";
import { adminAction } from "@/lib/shop/admin-guard";
import { actorOf } from "@/lib/auth/guard/actor-of";
import { reconcileForOwner } from "@/lib/reconciliation/owner-run";
import { parsePeriod } from "@/lib/reconciliation/period";
import { settleRow } from "@/lib/reconciliation/settle";
import { shopReconcileDeps, shopSettleDeps } from "@/lib/shop/reconciliation";

const runSchema = z.object({ from: z.string().trim(), to: z.string().trim(), locale: z.string().regex(/^[a-z]{2}$/).default("en") });

export const runReconciliation = adminAction("owner", runSchema, async ({ from, to, locale }, admin) => {
  const period = parsePeriod(from, to || from);
  // Messages are keys the form says in the reader's language (admin.reconciliation.answers).
  if (!period.ok) return { ok: false, code: "invalid", field: period.error.field, message: `${period.error.field}_${period.error.reason}` };
  const result = await reconcileForOwner(await shopReconcileDeps(), period.value, actorOf(admin));
  if (!result.ok) return { ok: false, code: "refused", message: result.error.code };
  redirect(`/${locale}/admin/reconciliation/${result.value.id}`);
});

const settleSchema = z.object({ runId: z.string().min(1).max(64), rowKey: z.string().min(1).max(200) });

export const settleReconciliationRow = adminAction("owner", settleSchema, async ({ runId, rowKey }, admin) => {
  const settled = await settleRow(await shopSettleDeps(admin.ip), { runId, rowKey, actor: admin.email });
  if (!settled.ok) return { ok: false, code: "refused", message: settled.error.message };
  const { first, state } = settled.value;
  return { ok: true, message: first ? "settled" : "alreadySettled", data: { state } };
});
