// The payments sandbox's one-script event record on every KV driver: the sandbox runs on the
// shop's store, so its Lua (Redis, Upstash) and its JavaScript (embedded) must write the same.
import { afterAll, describe, expect, it } from "vitest";
import { recordEvent } from "@/lib/payments-sandbox/webhooks/record-event";
import { eventOfMember } from "@/lib/payments-sandbox/webhooks/emit-event";
import { startDrivers } from "../kv/drivers";

const { drivers, stop } = await startDrivers();
afterAll(stop);

let run = 0;

describe.each(drivers)("payments sandbox event record: $name", ({ name, skipReason, open }) => {
  it.skipIf(skipReason !== undefined)(`records the event, lists it and queues each copy in order (${name})`, async () => {
    const kv = open(`record-event-${++run}:`);
    try {
      const keys = (id: string) => ({ event: `evt:${id}`, list: "list:evt", seq: "event-seq", deliveries: "deliveries" });
      const record = (id: string, created: number, dueMs: number, copies: number) =>
        kv.run(recordEvent, { keys: keys(id), args: { eventId: id, json: JSON.stringify({ id }), listScore: -created, dueMs, copies } });
      expect(await record("evt_a", 100, 5_000, 1)).toBe(1);
      expect(await record("evt_quiet", 101, 5_000, 0)).toBe(0);
      expect(await record("evt_b", 102, 5_000, 2)).toBe(1);

      expect(await kv.get("evt:evt_quiet")).toBe(JSON.stringify({ id: "evt_quiet" }));
      expect((await kv.zRangeByScore("list:evt", {})).map((entry) => entry.member)).toEqual(["evt_b", "evt_quiet", "evt_a"]);
      const queued = await kv.zRangeByScore("deliveries", {});
      expect(queued).toEqual([
        { member: "000000000001~evt_a~0", score: 5_000 },
        { member: "000000000002~evt_b~0", score: 5_000 },
        { member: "000000000002~evt_b~1", score: 5_000 },
      ]);
      expect(queued.map((entry) => eventOfMember(entry.member))).toEqual(["evt_a", "evt_b", "evt_b"]);
    } finally {
      await kv.close();
    }
  });
});
