// The one process-wide holder for the shop's long-lived parts (the KV connection, the partner
// client, the embedded sandboxes). It lives on globalThis because Next's dev server re-evaluates
// modules on every edit, and each evaluation would otherwise open another Redis connection or
// LMDB handle. A start that fails (KV down at the first request, a bad setting) is forgotten, so
// the next caller tries again instead of the process carrying the failure until restart.
const holders = globalThis as typeof globalThis & { __voucherStorefront?: Map<string, Promise<unknown>> };

export function processSingleton<T>(name: string, build: () => Promise<T>): Promise<T> {
  const all = (holders.__voucherStorefront ??= new Map());
  const held = all.get(name) as Promise<T> | undefined;
  if (held) return held;
  const started = build().catch((error: unknown) => {
    if (all.get(name) === started) all.delete(name);
    throw error;
  });
  all.set(name, started);
  return started;
}
