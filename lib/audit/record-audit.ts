// Append one row to the audit log. The row is the member of one sorted set (scored by time), so
// writing it is a single KV command: there is no moment where an entry exists but is not listed,
// and the module offers no way to change or remove a row once written.
import { monotonicFactory } from "ulid";
import type { Kv } from "@/lib/kv/kv";
import type { Clock } from "@/lib/time/clock";
import { AUDIT_LOG_KEY, auditActionSchema, type AuditEntry } from "./audit-entry";

export interface AuditInput {
  /** Who acted: the signed-in person's email, or null. */
  actor: string | null;
  /** "area.verb", e.g. "prices.rule_saved". */
  action: string;
  target?: string | null;
  /** Any JSON value; omit for actions that change no state (a sign-in). */
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/** The shop's wired recordAudit (lib/shop/audit.ts) passes its KV and clock. */
export interface AuditDeps {
  kv: Kv;
  clock: Clock;
}

/** A row bigger than this keeps its who/what/when but not the change itself, which says so. */
const MAX_CHANGE_CHARS = 32_000;

const nextId = monotonicFactory();

/** Write the row; throws what KV throws, since a change that cannot be audited should be known. */
export async function recordAudit(input: AuditInput, deps: AuditDeps): Promise<AuditEntry> {
  const action = auditActionSchema.parse(input.action);
  const at = deps.clock.now();
  const change = { before: input.before ?? null, after: input.after ?? null };
  const fits = JSON.stringify(change).length <= MAX_CHANGE_CHARS;
  const entry: AuditEntry = {
    id: nextId(at),
    at,
    actor: input.actor,
    action,
    target: input.target ?? null,
    ...(fits ? change : { before: null, after: { omitted: `change larger than ${MAX_CHANGE_CHARS} characters` } }),
    ip: input.ip ?? null,
  };
  await deps.kv.zAdd(AUDIT_LOG_KEY, at, JSON.stringify(entry));
  return entry;
}
