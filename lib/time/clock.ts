// Time is injected so that tests advance a clock instead of sleeping. Shared
// by the client, the catalogue cache and the sandbox, so it belongs to none of them.

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export interface TimerHandle {
  cancel(): void;
}

export interface Scheduler {
  /** Run `task` once, `delayMs` from now on the injected clock. */
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
