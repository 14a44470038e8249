// The admin's audit log: import from "@/lib/audit".
export { recordAudit, type AuditInput, type AuditDeps } from "./record-audit";
export { listAudit, AUDIT_PAGE_SIZE, type AuditPage } from "./list-audit";
export type { AuditEntry } from "./audit-entry";
export type { Actor } from "./actor";
