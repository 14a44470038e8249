// Who acted, as the audit log records it: the signed-in person and the address they acted from.
// Library functions that write an audit row for a change take one; the admin's guard makes it
// from the signed-in admin (`actorOf` in lib/auth/guard/actor-of.ts).
export interface Actor {
  /** The signed-in person's email. */
  email: string;
  /** The client address as lib/rate-limit/client-ip reads it. */
  ip: string | null;
}
