// The payments sandbox's one-script writes on every KV driver (a locked object's write with its
// unlock, an object with its lists, an idempotent answer kept, a delivery settled, an
// authorization with its session, a locked object with its event): the sandbox
// runs on the shop's store, so its Lua (Redis, Upstash) and its JavaScript (embedded) must
// write the same.
import { afterAll, describe, expect, it } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { keepAnswer } from "@/lib/payments-sandbox/http/keep-answer";
import { storeAuthorized } from "@/lib/payments-sandbox/objects/store-authorized";
import { writeListedScript } from "@/lib/payments-sandbox/objects/write-listed";
import { settleDelivery } from "@/lib/payments-sandbox/webhooks/settle-delivery";
import { writeAndUnlock } from "@/lib/payments-sandbox/write-and-unlock";
import { writeUnlockAndRecord } from "@/lib/payments-sandbox/write-unlock-and-record";
import { startDrivers } from "../kv/drivers";

const { drivers, stop } = await startDrivers();
afterAll(stop);

let run = 0;

describe.each(drivers)("payments sandbox write scripts: $name", ({ name, skipReason, open }) => {
  const withKv = (test: (kv: Kv) => Promise<void>) => async () => {
    const kv = open(`write-scripts-${++run}:`);
    try {
      await test(kv);
    } finally {
      await kv.close();
    }
  };

  it.skipIf(skipReason !== undefined)(
    `writes a locked object and releases only its own lock (${name})`,
    withKv(async (kv) => {
      await kv.set("lock:pi", "ours");
      expect(await kv.run(writeAndUnlock, { keys: { object: "pi:1", lock: "lock:pi" }, args: { json: '{"v":1}', token: "ours" } })).toBe(true);
      expect(await kv.get("pi:1")).toBe('{"v":1}');
      expect(await kv.get("lock:pi")).toBeNull();
      // A holder whose lock lapsed and went to another still writes, as the two calls did, and frees nothing.
      await kv.set("lock:pi", "theirs");
      expect(await kv.run(writeAndUnlock, { keys: { object: "pi:1", lock: "lock:pi" }, args: { json: '{"v":2}', token: "ours" } })).toBe(false);
      expect(await kv.get("pi:1")).toBe('{"v":2}');
      expect(await kv.get("lock:pi")).toBe("theirs");
    }),
  );

  it.skipIf(skipReason !== undefined)(
    `stores an object with its lists and, when asked, its alias (${name})`,
    withKv(async (kv) => {
      const keys = { object: "cs:1", list: "list:cs", intentList: "list:cs", alias: "cs:1" };
      expect(await kv.run(writeListedScript, { keys, args: { json: '{"id":"cs_1"}', member: "cs_1", score: -100, underIntent: "0", aliasTo: "" } })).toBe(1);
      expect(await kv.get("cs:1")).toBe('{"id":"cs_1"}');
      expect(await kv.zRangeByScore("list:cs", {})).toEqual([{ member: "cs_1", score: -100 }]);

      const charge = { object: "pi:pi_1", list: "list:ch", intentList: "list:ch:pi_1", alias: "charge:ch_1" };
      await kv.run(writeListedScript, { keys: charge, args: { json: '{"id":"pi_1"}', member: "ch_1", score: -101, underIntent: "1", aliasTo: "pi_1" } });
      expect(await kv.get("pi:pi_1")).toBe('{"id":"pi_1"}');
      expect(await kv.zRangeByScore("list:ch", {})).toEqual([{ member: "ch_1", score: -101 }]);
      expect(await kv.zRangeByScore("list:ch:pi_1", {})).toEqual([{ member: "ch_1", score: -101 }]);
      expect(await kv.get("charge:ch_1")).toBe("pi_1");
    }),
  );

  it.skipIf(skipReason !== undefined)(
    `stores an authorization with its intent, method, charge, events and session, and releases only its own lock (${name})`,
    withKv(async (kv) => {
      const keys = {
        session: "cs:1",
        lock: "lock:cs:1",
        intent: "pi:1",
        intentList: "list:pi",
        method: "pm:1",
        chargeList: "list:ch",
        chargeIntentList: "list:ch:pi_1",
        chargeAlias: "charge:ch_1",
        eventA: "evt:a",
        eventB: "evt:b",
        eventList: "list:evt",
        eventSeq: "event-seq",
        deliveries: "deliveries",
      };
      const args = {
        sessionJson: '{"status":"complete"}',
        token: "ours",
        intentJson: '{"id":"pi_1"}',
        intentId: "pi_1",
        intentScore: -100,
        listIntent: "1",
        methodJson: '{"id":"pm_1"}',
        chargeId: "ch_1",
        chargeScore: -101,
        eventAId: "evt_a",
        eventAJson: '{"id":"evt_a"}',
        eventAScore: -101,
        eventADueMs: 5_000,
        eventACopies: 0,
        eventBId: "evt_b",
        eventBJson: '{"id":"evt_b"}',
        eventBScore: -102,
        eventBDueMs: 5_001,
        eventBCopies: 2,
      };
      await kv.set("lock:cs:1", "ours");
      await kv.set("event-seq", "6");
      expect(await kv.run(storeAuthorized, { keys, args })).toBe(true);
      expect([await kv.get("cs:1"), await kv.get("lock:cs:1"), await kv.get("pi:1"), await kv.get("pm:1"), await kv.get("charge:ch_1")]).toEqual([
        '{"status":"complete"}',
        null,
        '{"id":"pi_1"}',
        '{"id":"pm_1"}',
        "pi_1",
      ]);
      expect(await kv.zRangeByScore("list:pi", {})).toEqual([{ member: "pi_1", score: -100 }]);
      expect(await kv.zRangeByScore("list:ch", {})).toEqual([{ member: "ch_1", score: -101 }]);
      expect(await kv.zRangeByScore("list:ch:pi_1", {})).toEqual([{ member: "ch_1", score: -101 }]);
      expect([await kv.get("evt:a"), await kv.get("evt:b")]).toEqual(['{"id":"evt_a"}', '{"id":"evt_b"}']);
      expect(await kv.zRangeByScore("list:evt", {})).toEqual([
        { member: "evt_b", score: -102 },
        { member: "evt_a", score: -101 },
      ]);
      // The event not sent queues nothing and takes no number; the other's two copies share the next.
      expect(await kv.zRangeByScore("deliveries", {})).toEqual([
        { member: "000000000007~evt_b~0", score: 5_001 },
        { member: "000000000007~evt_b~1", score: 5_001 },
      ]);

      // An intent stored already is not listed again, a method stored already not written; a
      // lock that went to another holder stays theirs, as with the write and its unlock.
      await kv.set("lock:cs:1", "theirs");
      const again = { ...keys, method: "cs:1", intentList: "list:pi-again" };
      expect(await kv.run(storeAuthorized, { keys: again, args: { ...args, listIntent: "0", methodJson: "", sessionJson: '{"v":2}' } })).toBe(false);
      expect(await kv.zCard("list:pi-again")).toBe(0);
      expect([await kv.get("cs:1"), await kv.get("lock:cs:1")]).toEqual(['{"v":2}', "theirs"]);
    }),
  );

  it.skipIf(skipReason !== undefined)(
    `writes a locked object with its event and releases only its own lock (${name})`,
    withKv(async (kv) => {
      const keys = { object: "pi:1", lock: "lock:pi", event: "evt:a", list: "list:evt", seq: "event-seq", deliveries: "deliveries" };
      const args = { json: '{"v":1}', token: "ours", eventId: "evt_a", eventJson: '{"id":"evt_a"}', listScore: -100, dueMs: 5_000, copies: 1 };
      await kv.set("lock:pi", "ours");
      expect(await kv.run(writeUnlockAndRecord, { keys, args })).toBe(true);
      expect([await kv.get("pi:1"), await kv.get("lock:pi"), await kv.get("evt:a")]).toEqual(['{"v":1}', null, '{"id":"evt_a"}']);
      expect(await kv.zRangeByScore("list:evt", {})).toEqual([{ member: "evt_a", score: -100 }]);
      expect(await kv.zRangeByScore("deliveries", {})).toEqual([{ member: "000000000001~evt_a~0", score: 5_000 }]);

      await kv.set("lock:pi", "theirs");
      const unsent = { ...args, json: '{"v":2}', eventId: "evt_b", eventJson: '{"id":"evt_b"}', copies: 0 };
      expect(await kv.run(writeUnlockAndRecord, { keys: { ...keys, event: "evt:b" }, args: unsent })).toBe(false);
      expect([await kv.get("pi:1"), await kv.get("lock:pi"), await kv.get("evt:b")]).toEqual(['{"v":2}', "theirs", '{"id":"evt_b"}']);
      expect(await kv.zCard("deliveries")).toBe(1);
    }),
  );

  it.skipIf(skipReason !== undefined)(
    `keeps an answer with its TTL and clears the in-progress mark, or only clears it (${name})`,
    withKv(async (kv) => {
      await kv.set("running:a", "fp");
      await kv.run(keepAnswer, { keys: { kept: "kept:a", running: "running:a" }, args: { json: '{"status":200}', ttlMs: 60_000, keep: "1" } });
      expect(await kv.get("kept:a")).toBe('{"status":200}');
      expect(await kv.get("running:a")).toBeNull();

      await kv.set("running:b", "fp");
      await kv.run(keepAnswer, { keys: { kept: "kept:b", running: "running:b" }, args: { json: "", ttlMs: 60_000, keep: "0" } });
      expect(await kv.get("kept:b")).toBeNull();
      expect(await kv.get("running:b")).toBeNull();
    }),
  );

  it.skipIf(skipReason !== undefined)(
    `takes a delivery off the queue or requeues it, and drops its claim (${name})`,
    withKv(async (kv) => {
      await kv.zAdd("deliveries", 1_000, "1~evt_a~0");
      await kv.zAdd("deliveries", 1_000, "2~evt_b~0");
      await kv.set("claim:1", "9000");
      await kv.set("claim:2", "9000");
      await kv.run(settleDelivery, { keys: { deliveries: "deliveries", claim: "claim:1" }, args: { member: "1~evt_a~0", retryAtMs: "" } });
      await kv.run(settleDelivery, { keys: { deliveries: "deliveries", claim: "claim:2" }, args: { member: "2~evt_b~0", retryAtMs: 6_000 } });
      expect(await kv.zRangeByScore("deliveries", {})).toEqual([{ member: "2~evt_b~0", score: 6_000 }]);
      expect(await kv.get("claim:1")).toBeNull();
      expect(await kv.get("claim:2")).toBeNull();
    }),
  );
});
