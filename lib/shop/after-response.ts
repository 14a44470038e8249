// Work a request starts and its response need not wait for (a health sample, an alert): handed
// to Next's after(), which keeps a serverless function alive until the work settles. Without it
// the host may freeze or end the function as soon as the response is sent, and the work is lost.
// Outside a request (a CLI sweep, the in-process scheduler) after() throws: the work starts at
// once and is kept in flight here, so a script can wait for it before it exits.
import { after } from "next/server";

/** Work started outside a request and not yet settled. */
const inFlight = new Set<Promise<unknown>>();

function keepInFlight(work: Promise<unknown>): void {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  inFlight.add(settled);
  void settled.then(() => inFlight.delete(settled));
}

/**
 * Settles once the work started outside a request has, including work it started in turn: a
 * script (npm run sweep) awaits it before exiting, or the QStash messages for the orders it
 * advanced are never published.
 */
export async function detachedWorkSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all(inFlight);
}

/** `work` must not reject: it runs where nobody awaits it. */
export function afterResponse(work: Promise<unknown>): void {
  try {
    after(work);
  } catch {
    // No request scope: nothing to keep alive but the process.
    keepInFlight(work);
  }
}

/**
 * `task` started once the response is sent (at once when that has happened already), the host
 * kept alive until it settles: for work that would otherwise take a fresh function's CPU from
 * the answer it is still computing. Outside a request it starts at once. `task` must not reject.
 */
export function runAfterResponse(task: () => Promise<unknown>): void {
  let start!: () => void;
  const sent = new Promise<void>((resolve) => (start = resolve));
  try {
    after(() => start());
    after(sent.then(task));
  } catch {
    // No request scope: nothing to wait for; kept in flight for the process.
    keepInFlight(task());
  }
}
