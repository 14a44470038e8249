// Time and randomness the sandbox depends on, injected so that tests can expire a session or
// lapse an authorization by moving a clock rather than waiting.
import { randomBytes } from "node:crypto";
import type { Clock } from "@/lib/time/clock";

export type IdGenerator = (prefix: string) => string;

/** Stripe-like ids: a type prefix and 24 random base62-ish characters. */
export const randomIds: IdGenerator = (prefix) => `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "0")}`;

export function unixSeconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000);
}
