// A clock, scheduler and sleep that move only when a test says so: timeouts of 75 s and
// Retry-After waits cost no real time, and the test sees every delay asked for.
import type { Clock, Scheduler, TimerHandle } from "@/lib/time/clock";

interface Timer {
  at: number;
  task: () => void | Promise<void>;
  cancelled: boolean;
}

/** Let pending promise chains and I/O callbacks run. */
export async function flush(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

export class ManualTimers implements Clock, Scheduler {
  private current: number;
  private timers: Timer[] = [];
  /** Every delay passed to `sleep`, in order. */
  readonly sleeps: number[] = [];

  constructor(start = Date.UTC(2026, 0, 15, 12, 0, 0)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  schedule(delayMs: number, task: () => void | Promise<void>): TimerHandle {
    const timer: Timer = { at: this.current + delayMs, task, cancelled: false };
    this.timers.push(timer);
    return { cancel: () => void (timer.cancelled = true) };
  }

  /** Timers scheduled and neither cancelled nor run. */
  get pendingTimers(): number {
    return this.timers.filter((t) => !t.cancelled).length;
  }

  /** Records the delay and moves the clock by it, resolving at once. */
  readonly sleep = async (ms: number): Promise<void> => {
    this.sleeps.push(ms);
    this.current += ms;
  };

  /**
   * Records the delay and waits for `advance` to reach it, as a real timer would; a signal
   * that fires cancels the timer. For tests that act while a wait is under way.
   */
  readonly timedSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve) => {
      this.sleeps.push(ms);
      const handle = this.schedule(ms, resolve);
      signal?.addEventListener("abort", () => handle.cancel(), { once: true });
    });

  /** Move the clock forward, running every timer that falls due. */
  async advance(ms: number): Promise<void> {
    await flush();
    const target = this.current + ms;
    for (;;) {
      const due = this.timers
        .filter((t) => !t.cancelled && t.at <= target)
        .sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      await due.task();
      await flush();
    }
    this.current = target;
  }
}
