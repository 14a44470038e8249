"use server";
// The Fraud rules page's owner actions: save the rules, add and remove blocklist entries, close
// the card-testing breaker. Each is
// audited (lib/shop/fraud-admin.ts); a bad value is refused at its field and changes nothing.
import { refresh } from "next/cache";
import { blockInputSchema, closeBreakerFormSchema, rulesFormSchema, unblockFormSchema } from "@/app/_components/admin/fraud/fraud-form-schemas";
import { adminAction } from "@/lib/shop/admin-guard";
import { blockAsOwner, closeBreakerAsOwner, saveFraudRulesAsOwner, unblockAsOwner } from "@/lib/shop/fraud-admin";

export const saveFraudRules = adminAction("owner", rulesFormSchema, async ({ expectedVersion, currency, ...rules }, admin) => {
  const saved = await saveFraudRulesAsOwner({ expectedVersion, rules, currency }, admin);
  if (!saved.ok) {
    return saved.error.code === "invalid"
      ? { ok: false, code: "invalid", message: saved.error.message, field: saved.error.field }
      : { ok: false, code: "refused", message: "conflict" };
  }
  refresh();
  return { ok: true, message: "saved" };
});

export const addBlock = adminAction("owner", blockInputSchema, async (input, admin) => {
  await blockAsOwner(input, admin);
  refresh();
  return { ok: true, message: "blocked" };
});

export const removeBlock = adminAction("owner", unblockFormSchema, async (input, admin) => {
  await unblockAsOwner(input, admin);
  refresh();
  return { ok: true, message: "unblocked" };
});

export const closeBreakerNow = adminAction("owner", closeBreakerFormSchema, async (_input, admin) => {
  await closeBreakerAsOwner(admin);
  refresh();
  return { ok: true, message: "breakerClosed" };
});
