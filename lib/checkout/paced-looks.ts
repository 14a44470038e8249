// Looks at KV that come soon, then ever less often: for a wait on something that usually ends
// within tens of milliseconds (another run letting go of an order) but may take seconds.
/** The first wait, each next one `growth` times the last, none longer than `maxMs`. */
export interface Pacing {
  firstMs: number;
  growth: number;
  maxMs: number;
}

/**
 * A change that came t ms into the wait is seen at most t ms later (and within a second), and a
 * long wait costs few KV reads (docs/architecture-decisions.md item 92 has the figures).
 */
export const LOOKS: Pacing = { firstMs: 20, growth: 1.5, maxMs: 1000 };

/** The waits of a wait of `ms` under `pacing`, in order, in whole milliseconds. */
export function waitsWithin(ms: number, pacing: Pacing): number[] {
  const waits: number[] = [];
  for (let at = 0, wait = pacing.firstMs; at < ms; at += wait, wait = Math.min(pacing.maxMs, Math.round(wait * pacing.growth))) waits.push(wait);
  return waits;
}

/** A real sleep, cut short when `signal` fires. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
