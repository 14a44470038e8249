// Time is injected so that tests advance a clock instead of sleeping (STYLE.md habit 8).

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export interface TimerHandle {
  cancel(): void;
}

export interface Scheduler {
  /** Run `task` once, `delayMs` from now on the sandbox's clock. */
  schedule(delayMs: number, task: () => void | Promise<void>): TimerHandle;
}

export const systemClock: Clock = { now: () => Date.now() };

export const systemScheduler: Scheduler = {
  schedule(delayMs, task) {
    const timer = setTimeout(() => void task(), delayMs);
    // A pending notification retry must not keep a CLI or test process alive.
    timer.unref?.();
    return { cancel: () => clearTimeout(timer) };
  },
};
