// One row of the admin's audit log: who did what to which thing, the change itself (before and
// after), from which address and when. Stored as JSON, so reading checks it with this schema.
import { z } from "zod";

/** "area.verb", e.g. "auth.sign_in" or "prices.rule_saved": areas group rows in the listing. */
export const auditActionSchema = z.string().regex(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/, { error: 'expected "area.verb" in lower case' });

export const auditEntrySchema = z.object({
  /** A ULID: unique, and ordered by time like the log itself. */
  id: z.string(),
  /** Milliseconds since the Unix epoch. */
  at: z.number().int(),
  /** The signed-in person's email; null when nobody is (a failed sign-in, an invitee). */
  actor: z.string().nullable(),
  action: auditActionSchema,
  /** What was acted on, e.g. "person:ann@example.com" or "brand:pubg". */
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** The client address as lib/rate-limit/client-ip reads it. */
  ip: z.string().nullable(),
});

export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The sorted set every entry goes into, scored by time. */
export const AUDIT_LOG_KEY = "audit:log";
