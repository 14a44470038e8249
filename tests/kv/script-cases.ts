// One case per script in lib/kv/scripts, keyed by the script's name; the contract suite runs
// each on every driver and fails for a script that has no case here.
import { expect } from "vitest";
import {
  compareAndSet,
  receiptKey,
  incrWithTtl,
  releaseLock,
  releaseLockAndGet,
  renewLock,
} from "@/lib/kv/scripts";
import { expectKvError, race, type KvTestContext } from "./helpers";

export const scriptCases: Record<string, (t: KvTestContext) => Promise<void>> = {
  async [compareAndSet.name]({ kv, another }) {
    const cas = (expected: string, value: string, opId: string) =>
      kv.run(compareAndSet, { keys: { target: "order", receipt: receiptKey("order", opId) }, args: { expected, value, ttlMs: 0 } });
    expect(await cas("pending", "paid", "op1")).toEqual({ applied: false, reason: "mismatch" }); // missing key never matches
    await kv.set("order", "pending");
    expect(await cas("created", "paid", "op2")).toEqual({ applied: false, reason: "mismatch" });
    expect(await kv.get("order")).toBe("pending");
    expect(await cas("pending", "paid", "op3")).toEqual({ applied: true });
    expect(await kv.get("order")).toBe("paid");

    // The same operation replayed (its reply was lost): recognised, not reported as a loss.
    expect(await cas("pending", "paid", "op3")).toEqual({ applied: false, reason: "already_applied" });
    expect(await kv.get("order")).toBe("paid");
    // Another operation with the same expectation lost the race: a plain mismatch.
    expect(await cas("pending", "expired", "op4")).toEqual({ applied: false, reason: "mismatch" });

    // Twenty workers read the same state and try to move it on: exactly one may, even when
    // several write the same bytes.
    await kv.set("race", "pending");
    const clients = [kv, another(), another()];
    const answers = await race(clients, 20, (client, i) =>
      client.run(compareAndSet, {
        keys: { target: "race", receipt: receiptKey("race", `w${i}`) },
        args: { expected: "pending", value: `w${i % 2}`, ttlMs: 0 },
      }),
    );
    const won = answers.map((a) => a.applied);
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await kv.get("race")).toBe(`w${won.indexOf(true) % 2}`);

    await kv.zAdd("index", 1, "m");
    await expectKvError(
      kv.run(compareAndSet, { keys: { target: "index", receipt: receiptKey("index", "x") }, args: { expected: "", value: "x", ttlMs: 0 } }),
      "wrong_type",
    );
  },

  async [releaseLock.name]({ kv }) {
    const release = (token: string) => kv.run(releaseLock, { keys: { lock: "lock" }, args: { token } });
    expect(await kv.setIfAbsent("lock", "mine", { ttlMs: 60_000 })).toBe(true);
    expect(await release("theirs")).toBe(false);
    expect(await kv.get("lock")).toBe("mine");
    expect(await release("mine")).toBe(true);
    expect(await kv.get("lock")).toBeNull();
    expect(await release("mine")).toBe(false);
  },

  async [releaseLockAndGet.name]({ kv }) {
    const release = (token: string) => kv.run(releaseLockAndGet, { keys: { lock: "lease", other: "mark" }, args: { token } });
    expect(await kv.setIfAbsent("lease", "mine", { ttlMs: 60_000 })).toBe(true);
    // Not ours: the lock stays, and the other key is read all the same (missing: null).
    expect(await release("theirs")).toEqual({ released: false, value: null });
    expect(await kv.get("lease")).toBe("mine");
    await kv.set("mark", "woken");
    expect(await release("mine")).toEqual({ released: true, value: "woken" });
    expect(await kv.get("lease")).toBeNull();
    expect(await kv.get("mark")).toBe("woken"); // read, not taken
    expect(await release("mine")).toEqual({ released: false, value: "woken" });
  },

  async [renewLock.name]({ kv }) {
    const renew = (token: string, ttlMs: number) => kv.run(renewLock, { keys: { lock: "lease" }, args: { token, ttlMs } });
    expect(await renew("mine", 60_000)).toBe(false); // no lock: nothing to renew
    expect(await kv.setIfAbsent("lease", "mine", { ttlMs: 60_000 })).toBe(true);
    expect(await renew("theirs", 1)).toBe(false);
    expect(await kv.get("lease")).toBe("mine");
    // Renewed to a TTL that runs out at once: the new TTL, not the old one, is in force.
    expect(await renew("mine", 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await kv.get("lease")).toBeNull();
  },

  async [incrWithTtl.name]({ kv, another }) {
    const bump = (by: number) => kv.run(incrWithTtl, { keys: { counter: "hits" }, args: { by, ttlMs: 60_000 } });
    expect(await bump(5)).toBe(5);
    expect(await bump(-2)).toBe(3);
    const clients = [kv, another(), another()];
    const values = await race(clients, 30, (client) =>
      client.run(incrWithTtl, { keys: { counter: "hits" }, args: { by: 1, ttlMs: 60_000 } }),
    );
    expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 4));
    await kv.set("text", "abc");
    await expectKvError(kv.run(incrWithTtl, { keys: { counter: "text" }, args: { by: 1, ttlMs: 1000 } }), "not_integer");
  },
};
