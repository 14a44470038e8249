// One POST of one notification. The timeout runs on the injected scheduler, so a test can
// let 10 seconds pass without waiting for them; racing the fetch (not only aborting it)
// keeps a fetch that ignores its signal from holding the order's queue forever.
import type { Scheduler } from "@/lib/time/clock";
import type { OutboxEntry } from "../store/records";

export interface DeliveryOptions {
  fetch: typeof fetch;
  scheduler: Scheduler;
  timeoutMs: number;
}

/** True when the partner answered 2xx within the timeout. */
export async function deliverNotification(entry: OutboxEntry, options: DeliveryOptions): Promise<boolean> {
  const controller = new AbortController();
  let timer: { cancel(): void } | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = options.scheduler.schedule(options.timeoutMs, () => {
      const reason = new Error(`notification not answered within ${options.timeoutMs} ms`);
      controller.abort(reason);
      reject(reason);
    });
  });
  const headers = new Headers(entry.headers);
  headers.set("content-type", "application/json");
  try {
    const response = await Promise.race([
      options.fetch(entry.url, { method: "POST", headers, body: JSON.stringify(entry.body), signal: controller.signal }),
      timedOut,
    ]);
    await response.body?.cancel().catch(() => undefined);
    return response.status >= 200 && response.status < 300;
  } catch {
    // Refused, reset or timed out: all mean "retry later" to the caller.
    return false;
  } finally {
    timer?.cancel();
  }
}
