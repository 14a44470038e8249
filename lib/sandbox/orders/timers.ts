// The engine's timers on the injected scheduler: at most one per key (an order's next
// deadline), plus sleeps for the synchronous waits. `close` cancels them all and wakes every
// sleeper, so a request that is waiting when the sandbox stops still gets its answer.
import type { Scheduler, TimerHandle } from "@/lib/time/clock";

export class Timers {
  private readonly keyed = new Map<string, { at: number; handle: TimerHandle }>();
  private readonly sleepers = new Set<{ handle: TimerHandle; wake: () => void }>();
  private closed = false;

  constructor(private readonly scheduler: Scheduler) {}

  /** Run `task` at `at` (ms on the clock); replaces the key's previous timer unless it is for the same time. */
  setAt(key: string, at: number, now: number, task: () => void | Promise<void>): void {
    if (this.closed) return;
    const existing = this.keyed.get(key);
    if (existing?.at === at) return;
    existing?.handle.cancel();
    const handle = this.scheduler.schedule(Math.max(0, at - now), () => {
      this.keyed.delete(key);
      return task();
    });
    this.keyed.set(key, { at, handle });
  }

  clear(key: string): void {
    this.keyed.get(key)?.handle.cancel();
    this.keyed.delete(key);
  }

  sleep(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const sleeper = {
        handle: this.scheduler.schedule(ms, () => {
          this.sleepers.delete(sleeper);
          resolve();
        }),
        wake: resolve,
      };
      this.sleepers.add(sleeper);
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  close(): void {
    this.closed = true;
    for (const { handle } of this.keyed.values()) handle.cancel();
    this.keyed.clear();
    for (const sleeper of this.sleepers) {
      sleeper.handle.cancel();
      sleeper.wake();
    }
    this.sleepers.clear();
  }
}
