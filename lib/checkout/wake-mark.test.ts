import { describe, expect, it } from "vitest";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { newOrderRecord } from "./new-order";
import type { OrderRecord } from "./order-record";
import { markWake, pendingWake, takeWake, wakeMatters } from "./wake-mark";

const order = (state: OrderRecord["state"], status: number | null): OrderRecord => {
  const record = newOrderRecord(
    {
      id: "01KA0000000000000000000000",
      flow: "reservation",
      capabilityHash: "c".repeat(64),
      capabilitySealed: "v1.a.b.c",
      email: "b@example.com",
      item: { kind: "voucher", gameId: 20, voucherId: 2001, name: "100 Diamonds", deliveryMethod: "voucher_code" },
      account: null,
      activation: false,
      test: false,
      quote: { price: { minor: 220, currency: "USD" }, cost: { minor: 198, currency: "USD" } },
    },
    0,
  );
  return { ...record, state, upstream: { ...record.upstream, status } };
};

describe("wake-up marks", () => {
  it("tell a wake-up that changes nothing from one that does", () => {
    expect(wakeMatters({ kind: "upstream", status: 2 }, order("completed", 2))).toBe(false);
    expect(wakeMatters({ kind: "upstream", status: 3 }, order("completed", 2))).toBe(true);
    expect(wakeMatters({ kind: "payment" }, order("completed", 2))).toBe(false);
    expect(wakeMatters({ kind: "payment" }, order("fulfilling", 1))).toBe(false);
    expect(wakeMatters({ kind: "payment" }, order("awaiting_payment", 6))).toBe(true);
    expect(wakeMatters({ kind: "any" }, order("completed", 2))).toBe(true);
  });

  it("are never weakened: a second mark of another reason makes it 'any', of the same reason keeps it", async () => {
    const kv = createMemoryKv();
    await markWake(kv, "o", { kind: "payment" }, 60_000);
    await markWake(kv, "o", { kind: "payment" }, 60_000);
    expect(await pendingWake(kv, "o")).toEqual({ kind: "payment" });
    await markWake(kv, "p", { kind: "upstream", status: 3 }, 60_000);
    await markWake(kv, "p", { kind: "upstream", status: 2 }, 60_000);
    expect(await pendingWake(kv, "p")).toEqual({ kind: "any" });
  });

  it("are taken once, and a mark written after the read stays", async () => {
    const kv = createMemoryKv();
    await markWake(kv, "o", { kind: "payment" }, 60_000);
    expect(await takeWake(kv, "o")).toEqual({ kind: "payment" });
    expect(await takeWake(kv, "o")).toBeNull();

    await markWake(kv, "o", { kind: "payment" }, 60_000);
    const read = kv.get.bind(kv);
    // Another wake-up lands between our read and our delete.
    kv.get = async (key) => {
      const value = await read(key);
      kv.get = read;
      await markWake(kv, "o", { kind: "upstream", status: 3 }, 60_000);
      return value;
    };
    expect(await takeWake(kv, "o")).toEqual({ kind: "payment" });
    expect(await pendingWake(kv, "o")).toEqual({ kind: "any" });
  });
});
