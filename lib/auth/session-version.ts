// JWT sessions live in the browser's cookie and cannot be withdrawn by themselves. Each account
// has a counter in KV, copied into the JWT at sign-in and compared on every request: bumping it
// (removal, "sign out everywhere", a new password) ends all of that account's sessions at once.
import type { Kv } from "@/lib/kv/kv";
import { AUTH_KEYS } from "./keys";

export async function sessionVersion(kv: Kv, email: string): Promise<number> {
  const text = await kv.get(AUTH_KEYS.sessionVersion(email));
  return text === null ? 0 : Number(text);
}

export function bumpSessionVersion(kv: Kv, email: string): Promise<number> {
  return kv.incr(AUTH_KEYS.sessionVersion(email));
}
