// A clock and scheduler that move only when a test says so. `advance` runs every task that
// falls due, in deadline order, letting each one's promise chain settle before the next,
// so a test of a 60-second wait takes milliseconds.
import type { Clock, Scheduler, TimerHandle } from "@/lib/time/clock";

interface Pending {
  at: number;
  seq: number;
  task: () => void | Promise<void>;
  cancelled: boolean;
}

/** Let queued microtasks and already-resolved I/O callbacks run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

export class ManualTime implements Clock, Scheduler {
  private current: number;
  private seq = 0;
  private pending: Pending[] = [];

  constructor(start = Date.UTC(2026, 0, 15, 12, 0, 0)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  schedule(delayMs: number, task: () => void | Promise<void>): TimerHandle {
    const entry: Pending = { at: this.current + Math.max(0, delayMs), seq: this.seq++, task, cancelled: false };
    this.pending.push(entry);
    return { cancel: () => void (entry.cancelled = true) };
  }

  /** Tasks still waiting (not cancelled). */
  get pendingCount(): number {
    return this.pending.filter((p) => !p.cancelled).length;
  }

  /** Move time forward by `ms`, running every task that falls due on the way. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    await settle();
    for (;;) {
      const next = this.nextDue(target);
      if (!next) break;
      this.pending = this.pending.filter((p) => p !== next);
      this.current = Math.max(this.current, next.at);
      await next.task();
      await settle();
    }
    this.current = target;
    await settle();
  }

  /** Await `promise` while advancing time in `stepMs` steps, up to `limitMs`. */
  async run<T>(promise: Promise<T>, { stepMs = 1000, limitMs = 3_600_000 } = {}): Promise<T> {
    let done = false;
    const tracked = promise.finally(() => void (done = true));
    await settle();
    for (let spent = 0; !done && spent < limitMs; spent += stepMs) await this.advance(stepMs);
    return tracked;
  }

  private nextDue(limit: number): Pending | undefined {
    let best: Pending | undefined;
    for (const p of this.pending) {
      if (p.cancelled || p.at > limit) continue;
      if (!best || p.at < best.at || (p.at === best.at && p.seq < best.seq)) best = p;
    }
    return best;
  }
}
