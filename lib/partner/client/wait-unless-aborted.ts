// A retry's wait must end when the caller gives up: a buyer who left should not hold a
// serverless function open for a backoff whose result nobody reads.

/**
 * Run `wait` unless `signal` fires first. True when the wait ran out, false when it was
 * aborted (before or during); the wait gets a signal of its own so it can free its timer.
 */
export async function waitUnlessAborted(
  wait: (signal: AbortSignal) => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  if (signal?.aborted) return false;
  const controller = new AbortController();
  let onAbort = () => {};
  const aborted = new Promise<false>((resolve) => {
    onAbort = () => {
      controller.abort();
      resolve(false);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([wait(controller.signal).then(() => true as const), aborted]);
  } finally {
    signal?.removeEventListener("abort", onAbort);
    controller.abort();
  }
}
