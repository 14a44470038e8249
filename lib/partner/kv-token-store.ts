// The partner token in KV, shared by every instance of the shop: the first instance to need a
// token logs in under a KV lock and the rest read its token, so a deployment logs in at most
// once per token lifetime however many serverless instances start.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getJson, setJson } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { releaseLock } from "@/lib/kv/scripts";
import type { Clock } from "@/lib/time/clock";
import type { CachedToken, TokenStore } from "./client/token-store";

const cachedTokenSchema = z.object({ token: z.string().min(1), expiresAt: z.number() });

/** A login (with its retries) must finish within this, or another instance may take over. */
const LOGIN_LOCK_MS = 30_000;

export function createKvTokenStore({ kv, key, clock }: { kv: Kv; key: string; clock: Clock }): TokenStore {
  const lockKey = `${key}:login-lock`;

  // TokenStore implementations must not throw: a KV outage degrades to a fresh login.
  async function quietly<T>(fallback: T, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      console.warn(`[partner] token store unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return fallback;
    }
  }

  return {
    get: () => quietly(null, () => getJson(kv, key, cachedTokenSchema)),

    set: (token: CachedToken) =>
      quietly(undefined, async () => {
        const ttlMs = Math.max(1, Math.floor(token.expiresAt - clock.now()));
        await setJson(kv, key, token, { ttlMs });
      }),

    clear: () => quietly(undefined, async () => void (await kv.del(key))),

    async withLoginLock<T>(task: () => Promise<T>) {
      const owner = randomUUID();
      const locked = await quietly(true, () => kv.setIfAbsent(lockKey, owner, { ttlMs: LOGIN_LOCK_MS }));
      if (!locked) return { ran: false } as const;
      try {
        return { ran: true, value: await task() } as const;
      } finally {
        await quietly(false, () => kv.run(releaseLock, { keys: { lock: lockKey }, args: { token: owner } }));
      }
    },
  };
}
