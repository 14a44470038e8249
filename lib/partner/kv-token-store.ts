// The partner token in KV, shared by every instance of the shop: the first instance to need a
// token logs in under a KV lock and the rest read its token, so a deployment logs in at most
// once per token lifetime however many serverless instances start.
import { z } from "zod";
import { getJson, setJson } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { withLock } from "@/lib/kv/lock";
import type { Clock } from "@/lib/time/clock";
import { worstCaseCallMs } from "./call-budget";
import type { CachedToken, TokenStore } from "./client/token-store";

const cachedTokenSchema = z.object({ token: z.string().min(1), expiresAt: z.number() });

export interface KvTokenStoreOptions {
  kv: Kv;
  key: string;
  clock: Clock;
  /** How long the login lock lives: longer than a login with all its retries (the default). */
  loginLockMs?: number;
}

export function createKvTokenStore({ kv, key, clock, loginLockMs = worstCaseCallMs() }: KvTokenStoreOptions): TokenStore {
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
      let started = false;
      const guarded = () => ((started = true), task());
      try {
        return await withLock(kv, lockKey, loginLockMs, guarded);
      } catch (error) {
        // The task's own failure is the caller's; a KV failure before it ran degrades to
        // logging in without the shared lock.
        if (started) throw error;
        console.warn(`[partner] login lock unavailable: ${error instanceof Error ? error.message : String(error)}`);
        return { ran: true, value: await task() } as const;
      }
    },
  };
}
