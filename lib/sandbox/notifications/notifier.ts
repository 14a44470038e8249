// docs/partner-api-decisions.md item 18: each order's notifications go out strictly in order. The outbox lives in
// the store (appended in the same commit as the change it reports), so a notification is
// never lost with an instance; this dispatcher only drains it. The head is leased while it
// is being sent so that two instances never POST the same notification at once.
import type { Clock, Scheduler, TimerHandle } from "@/lib/time/clock";
import type { SandboxStore } from "../store/sandbox-store";
import { deliverNotification } from "./deliver-notification";

export interface NotifierOptions {
  store: SandboxStore;
  clock: Clock;
  scheduler: Scheduler;
  fetch: typeof fetch;
  /** Delays before the 2nd, 3rd, … attempt; after the last one fails the entry is dropped. */
  retryDelaysMs: readonly number[];
  timeoutMs?: number;
}

export interface Notifier {
  /** Deliver whatever the order's outbox holds that is due; cheap to call often. */
  kick(orderId: string): void;
  close(): void;
}

export function createNotifier(options: NotifierOptions): Notifier {
  const { store, clock, scheduler, retryDelaysMs } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const delivery = { fetch: options.fetch, scheduler, timeoutMs };
  // Long enough for one attempt; an instance that dies mid-send frees the head after it.
  const leaseMs = timeoutMs + 5_000;
  const running = new Set<string>();
  const kickedWhileRunning = new Set<string>();
  const wakeups = new Map<string, TimerHandle>();
  let closed = false;

  function wakeAt(orderId: string, atMs: number): void {
    wakeups.get(orderId)?.cancel();
    const handle = scheduler.schedule(Math.max(0, atMs - clock.now()), () => {
      wakeups.delete(orderId);
      kick(orderId);
    });
    wakeups.set(orderId, handle);
  }

  async function drain(orderId: string): Promise<void> {
    while (!closed) {
      const claim = await store.claimNotification(orderId, clock.now(), leaseMs);
      if (claim === null) return;
      if ("retryAtMs" in claim) return wakeAt(orderId, claim.retryAtMs);
      const { entry } = claim;
      const delivered = await deliverNotification(entry, delivery);
      const delay = retryDelaysMs[entry.attempts];
      if (delivered || delay === undefined) {
        await store.settleNotification(orderId, entry.seq, null);
        continue;
      }
      const notBeforeMs = clock.now() + delay;
      await store.settleNotification(orderId, entry.seq, { attempts: entry.attempts + 1, notBeforeMs });
      return wakeAt(orderId, notBeforeMs);
    }
  }

  function kick(orderId: string): void {
    if (closed) return;
    if (running.has(orderId)) {
      kickedWhileRunning.add(orderId);
      return;
    }
    running.add(orderId);
    drain(orderId)
      .catch((error: unknown) => console.error(`sandbox: notifications of order ${orderId} failed`, error))
      .finally(() => {
        running.delete(orderId);
        if (kickedWhileRunning.delete(orderId)) kick(orderId);
      });
  }

  return {
    kick,
    close() {
      closed = true;
      for (const handle of wakeups.values()) handle.cancel();
      wakeups.clear();
    },
  };
}
