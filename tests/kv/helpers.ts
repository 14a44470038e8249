// Small shared pieces of the KV tests.
import { expect } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { KvError, type KvErrorCode } from "@/lib/kv/kv-error";

/** What each test gets: a Kv on its own prefix, and more Kvs on the same data for races. */
export interface KvTestContext {
  kv: Kv;
  /** Another instance (another connection or LMDB handle) over the same prefix. */
  another(): Kv;
  /** An instance over a different prefix of the same store. */
  withPrefix(prefix: string): Kv;
}

export async function expectKvError(promise: Promise<unknown>, code: KvErrorCode): Promise<void> {
  const error: unknown = await promise.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(KvError);
  expect(error).toMatchObject({ code });
}

/** Poll `check` until it holds, failing after `timeoutMs`: TTLs end on the server's clock. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** `count` callers spread over `instances` separate clients, all started at once. */
export function race<T>(instances: Kv[], count: number, call: (kv: Kv, i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) => {
      const kv = instances[i % instances.length];
      if (!kv) throw new Error("race needs at least one instance");
      return call(kv, i);
    }),
  );
}

/** The Kv methods that write. */
const WRITES = new Set<string | symbol>(["set", "setIfAbsent", "del", "incr", "zAdd", "zRem", "run"]);

/** The Kv, with its n-th write (counting from 1) failing before it reaches the store. */
export function failingWrite(kv: Kv, n: number): Kv {
  let writes = 0;
  return new Proxy(kv, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || !WRITES.has(property)) return value;
      return (...args: unknown[]) => {
        writes += 1;
        if (writes === n) return Promise.reject(new KvError("unavailable", `write ${n} lost`));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
