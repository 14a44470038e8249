// Support reads an order's delivered code to a buyer who lost their email. Who saw which order's
// code, and when, is written to the audit log before the code is given out (never the code
// itself): a reveal that cannot be audited does not happen.
import { recordAudit, type Actor, type AuditDeps } from "@/lib/audit";
import { err, ok, type Result } from "@/lib/result";
import type { CodeVault } from "../code-vault";
import { readFailure, readOrder } from "../store/order-store";

export type RevealRefusal = "order_not_found" | "no_code" | "code_unreadable";

/** The order's code (and its second code, when the voucher has one). */
export async function revealCode(deps: AuditDeps & { vault: CodeVault }, orderId: string, actor: Actor): Promise<Result<string[], RevealRefusal>> {
  const read = await readOrder(deps.kv, orderId);
  if (!read.ok && read.error.code === "not_found") return err("order_not_found");
  if (!read.ok) throw readFailure(read.error);
  const { delivery } = read.value.record;
  if (delivery.code === null) return err("no_code");
  const codes: string[] = [];
  for (const sealed of [delivery.code, delivery.code2]) {
    if (sealed === null) continue;
    const opened = deps.vault.open(sealed, orderId);
    if (!opened.ok) return err("code_unreadable");
    codes.push(opened.value);
  }
  await recordAudit({ actor: actor.email, action: "orders.code_revealed", target: `order:${orderId}`, ip: actor.ip }, deps);
  return ok(codes);
}
