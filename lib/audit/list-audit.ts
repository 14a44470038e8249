// The audit log newest first, a page at a time, for the admin's server-rendered listing.
import { parseJsonOrNull } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { AUDIT_LOG_KEY, auditEntrySchema, type AuditEntry } from "./audit-entry";

export interface AuditPage {
  entries: AuditEntry[];
  /** 1-based. */
  page: number;
  pages: number;
  total: number;
}

export const AUDIT_PAGE_SIZE = 50;

export async function listAudit(page: number, options: { kv: Kv; perPage?: number }): Promise<AuditPage> {
  const { kv } = options;
  const perPage = options.perPage ?? AUDIT_PAGE_SIZE;
  const total = await kv.zCard(AUDIT_LOG_KEY);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const rows = await kv.zRevRangeByRank(AUDIT_LOG_KEY, { offset: (current - 1) * perPage, count: perPage });
  const entries = rows.flatMap(({ member }) => {
    const entry = parseJsonOrNull(member, auditEntrySchema);
    // A row from a future release that this one cannot read is left out of the page, not fatal.
    if (entry === null) console.warn(`[audit] unreadable row skipped: ${member.slice(0, 120)}`);
    return entry === null ? [] : [entry];
  });
  return { entries, page: current, pages, total };
}
