// One case per script in lib/kv/scripts, keyed by the script's name; the contract suite runs
// each on every driver and fails for a script that has no case here.
import { expect } from "vitest";
import {
  compareAndSet,
  receiptKey,
  deleteIndexed,
  incrWithTtl,
  putIndexed,
  releaseLock,
  renewLock,
  setIfAbsentOrGet,
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

  async [setIfAbsentOrGet.name]({ kv, another }) {
    const clients = [kv, another(), another(), another()];
    const answers = await race(clients, 20, (client, i) =>
      client.run(setIfAbsentOrGet, { keys: { target: "idem" }, args: { value: `response-${i}`, ttlMs: 60_000 } }),
    );
    const winner = answers.indexOf(null);
    expect(answers.filter((a) => a === null)).toHaveLength(1);
    expect(answers.filter((a) => a !== null)).toEqual(Array(19).fill(`response-${winner}`));
    expect(await kv.get("idem")).toBe(`response-${winner}`);
    // ttlMs 0: no expiry; and values that look like JSON come back as text.
    expect(await kv.run(setIfAbsentOrGet, { keys: { target: "plain" }, args: { value: "{}", ttlMs: 0 } })).toBeNull();
    expect(await kv.run(setIfAbsentOrGet, { keys: { target: "plain" }, args: { value: "x", ttlMs: 0 } })).toBe("{}");
  },

  async [putIndexed.name]({ kv, another }) {
    const put = (id: string, score: number, value = `{"id":"${id}"}`) =>
      kv.run(putIndexed, { keys: { record: `order:${id}`, index: "orders" }, args: { value, score, member: id, ttlMs: 0 } });
    expect(await put("a", 20)).toBe(true);
    expect(await put("b", 10)).toBe(true);
    expect(await put("a", 30, "{}")).toBe(false); // already indexed: moved, not added
    expect(await kv.get("order:a")).toBe("{}");
    expect(await kv.zRangeByScore("orders")).toEqual([
      { member: "b", score: 10 },
      { member: "a", score: 30 },
    ]);

    // Writers and deleters racing: the index lists exactly the records that exist.
    const clients = [kv, another(), another()];
    await race(clients, 30, (client, i) => {
      const id = `r${i % 10}`;
      const keys = { record: `order:${id}`, index: "orders" };
      return i % 3 === 2
        ? client.run(deleteIndexed, { keys, args: { member: id } })
        : client.run(putIndexed, { keys, args: { value: id, score: i, member: id, ttlMs: 0 } });
    });
    const indexed = (await kv.zRangeByScore("orders")).map((e) => e.member).sort();
    const ids = ["a", "b", ...Array.from({ length: 10 }, (_, i) => `r${i}`)];
    const stored = (await Promise.all(ids.map(async (id) => ((await kv.get(`order:${id}`)) === null ? [] : [id])))).flat();
    expect(indexed).toEqual(stored.sort());
  },

  async [deleteIndexed.name]({ kv }) {
    const keys = { record: "order:1", index: "orders" };
    await kv.run(putIndexed, { keys, args: { value: "v", score: 5, member: "1", ttlMs: 0 } });
    await kv.zAdd("orders", 6, "2");
    expect(await kv.run(deleteIndexed, { keys, args: { member: "1" } })).toBe(true);
    expect(await kv.get("order:1")).toBeNull();
    expect(await kv.zRangeByScore("orders")).toEqual([{ member: "2", score: 6 }]);
    expect(await kv.run(deleteIndexed, { keys, args: { member: "1" } })).toBe(false);
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
