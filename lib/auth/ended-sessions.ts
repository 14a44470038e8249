// Sessions ended by signing out. A JWT session lives in the browser's cookie, and clearing the
// cookie does not stop a copy of it; so each session has an id, and signing out marks that id
// in KV until the session would have expired anyway. Only this session ends: the account's
// other sessions (another device) are ended together by session-version.ts instead.
import type { Kv } from "@/lib/kv/kv";
import type { Clock } from "@/lib/time/clock";
import { AUTH_KEYS } from "./keys";

export async function endSession(deps: { kv: Kv; clock: Clock }, sid: string, expiresAt: number): Promise<void> {
  const ttlMs = Math.ceil(expiresAt - deps.clock.now());
  if (ttlMs > 0) await deps.kv.set(AUTH_KEYS.endedSession(sid), "1", { ttlMs });
}

export async function sessionEnded(kv: Kv, sid: string): Promise<boolean> {
  return (await kv.get(AUTH_KEYS.endedSession(sid))) !== null;
}
