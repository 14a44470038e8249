// The audit log on the shop's KV and clock: the audit page reads it here, and the sign-in route
// writes sign-outs here. Every other row is written by the library call that makes the change.
import { listAudit as listAuditOn, recordAudit as recordAuditOn, type AuditInput, type AuditPage } from "@/lib/audit";
import type { AuditEntry } from "@/lib/audit/audit-entry";
import { getKv } from "@/lib/kv/get-kv";
import { systemClock } from "@/lib/time/clock";

/** Write one row; throws what KV throws, since a change that cannot be audited should be known. */
export async function recordAudit(input: AuditInput): Promise<AuditEntry> {
  return recordAuditOn(input, { kv: await getKv(), clock: systemClock });
}

/** One page of the log, newest first. */
export async function listAudit(page: number, perPage?: number): Promise<AuditPage> {
  return listAuditOn(page, { kv: await getKv(), ...(perPage === undefined ? {} : { perPage }) });
}
