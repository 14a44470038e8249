"use server";
// The delivered code of one order, opened for a signed-in person who asks for it — owner or
// staff, since support answers buyers who lost their email — and written to the audit log
// before it is shown: a reveal that cannot be audited does not happen.
import { z } from "zod";
import { adminAction } from "@/lib/auth/guard/admin-guard";
import { recordAudit } from "@/lib/audit";
import { orderIdSchema, orderRecordSchema } from "@/lib/checkout/order-record";
import { createCodeVault } from "@/lib/checkout/code-vault";
import { codeVaultKey } from "@/lib/shop/secrets";
import { ORDER_KEYS } from "@/lib/checkout/store/order-store";
import { getKv } from "@/lib/kv/get-kv";
import { parseJsonValue } from "@/lib/kv/json";

const revealSchema = z.object({ orderId: orderIdSchema });

export const revealOrderCode = adminAction("staff", revealSchema, async ({ orderId }, admin) => {
  const kv = await getKv();
  const text = await kv.get(ORDER_KEYS.order(orderId));
  if (text === null) return { ok: false, code: "refused", message: "orderNotFound" };
  const record = parseJsonValue(text, ORDER_KEYS.order(orderId), orderRecordSchema);
  if (record.delivery.code === null) return { ok: false, code: "refused", message: "noCode" };
  const vault = createCodeVault(await codeVaultKey());
  const codes: string[] = [];
  for (const sealed of [record.delivery.code, record.delivery.code2]) {
    if (sealed === null) continue;
    const opened = vault.open(sealed, orderId);
    if (!opened.ok) return { ok: false, code: "refused", message: "codeUnreadable" };
    codes.push(opened.value);
  }
  // Who saw which order's code, and when; never the code itself.
  await recordAudit({ actor: admin.email, action: "orders.code_revealed", target: `order:${orderId}`, ip: admin.ip });
  return { ok: true, message: "codeRevealed", data: { codes } };
});
