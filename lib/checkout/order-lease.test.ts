// The lease's faults that lost a wake-up or the lease itself (issue 25): a lost reply to the
// step that lets go, a mark that could not be written, a renewal that failed once.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import { acquireLock, type KvLock } from "@/lib/kv/lock";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { heartbeat, takeLease, wakeAndLease } from "./order-lease";
import { markWake, pendingWake } from "./wake-mark";

const ORDER = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const LEASE_MS = 15_000;

/** KV whose commands pass through `intercept`, which may act first, throw, or run the command and then throw. */
function interceptedKv(kv: Kv, intercept: (name: string, args: unknown[], run: () => Promise<unknown>) => Promise<unknown>): Kv {
  return new Proxy(kv, {
    get(object, name, receiver) {
      const value = Reflect.get(object, name, receiver) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => intercept(String(name), args, () => (value as (...a: unknown[]) => Promise<unknown>).apply(object, args));
    },
  });
}

const scriptName = (args: unknown[]) => (args[0] as { name?: string } | undefined)?.name;

describe("letting go of the lease", () => {
  it("finds the wake-up mark even when the reply to release-lock-and-get is lost", async () => {
    const kv = createMemoryKv();
    let lost = false;
    const faulty = interceptedKv(kv, async (name, args, run) => {
      const result = await run();
      if (name === "run" && scriptName(args) === "release-lock-and-get" && !lost) {
        lost = true;
        throw new KvError("reply_lost", "reply to release-lock-and-get lost");
      }
      return result;
    });
    const lease = await takeLease({ kv: faulty, leaseMs: LEASE_MS }, ORDER);
    // A webhook found the lease held and left its mark.
    await markWake(kv, ORDER, { kind: "payment" }, 3600_000);
    expect(await lease?.letGo()).toEqual({ kind: "payment" });
    expect(lost).toBe(true);
    expect(await kv.get(`checkout:lease:${ORDER}`)).toBeNull();
  });
});

describe("a wake-up that finds the lease held", () => {
  it("looks now for its reason when its mark could not be written and the second try gets the lease", async () => {
    const kv = createMemoryKv();
    const holder = await acquireLock(kv, `checkout:lease:${ORDER}`, LEASE_MS);
    const faulty = interceptedKv(kv, async (name, args, run) => {
      if (name === "setIfAbsent" && String(args[0]).startsWith("checkout:wake:")) {
        // The holder lets go meanwhile; the mark's write fails.
        await holder?.release();
        throw new KvError("unavailable", "KV unavailable");
      }
      return run();
    });
    const first = await wakeAndLease({ kv: faulty, leaseMs: LEASE_MS }, ORDER, { kind: "payment" });
    expect(first.lease).not.toBeNull();
    expect(first.woken).toEqual({ kind: "payment" });
    expect(await pendingWake(kv, ORDER)).toBeNull();
    await first.lease?.letGo();
  });
});

describe("the heartbeat", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps renewing after a renewal fails, and stops once the lease is found gone", async () => {
    vi.useFakeTimers();
    const answers: (() => Promise<boolean>)[] = [() => Promise.reject(new KvError("unavailable", "KV unavailable")), async () => true, async () => true, async () => false];
    let renewals = 0;
    const lock: KvLock = {
      key: `checkout:lease:${ORDER}`,
      token: "t",
      release: async () => true,
      releaseAndGet: async () => ({ released: true, value: null }),
      renew: () => {
        renewals += 1;
        return (answers[renewals - 1] ?? (async () => true))();
      },
    };
    const lease = heartbeat(lock, { kv: createMemoryKv(), leaseMs: LEASE_MS }, ORDER);
    for (let i = 0; i < 6; i += 1) await vi.advanceTimersByTimeAsync(LEASE_MS / 3);
    // The first renewal failed; the next ones went out, until one found the lease gone.
    expect(renewals).toBe(4);
    await lease.letGo();
  });
});
