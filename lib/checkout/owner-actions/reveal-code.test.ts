// A revealed code is in the audit log (who, which order, never the code); a refused reveal is not.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listAudit } from "@/lib/audit";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { createCodeVault } from "../code-vault";
import { newOrderRecord } from "../new-order";
import { ORDER_KEYS } from "../store/order-store";
import { revealCode } from "./reveal-code";

const ID = "01KA0000000000000000000000";
const STAFF = { email: "staff@x.example", ip: "203.0.113.5" };

function world() {
  const clock = { now: () => 1_800_000_000_000 };
  const vault = createCodeVault(randomBytes(32));
  const kv = createMemoryKv({ now: clock.now });
  const order = newOrderRecord(
    {
      id: ID,
      flow: "reservation",
      capabilityHash: "b".repeat(64),
      capabilitySealed: "v1.a.b.c",
      email: "buyer@example.com",
      item: { kind: "voucher", gameId: 10, voucherId: 1001, name: "Gift Card 10 USD", deliveryMethod: "voucher_code" },
      account: null,
      activation: false,
      test: false,
      quote: { price: { minor: 1100, currency: "USD" }, cost: { minor: 950, currency: "USD" } },
    },
    clock.now(),
  );
  const store = (delivery: Partial<typeof order.delivery>) => kv.set(ORDER_KEYS.order(ID), JSON.stringify({ ...order, delivery: { ...order.delivery, ...delivery } }));
  return { deps: { kv, clock, vault }, vault, store, rows: async () => (await listAudit(1, { kv })).entries };
}

describe("revealing an order's code", () => {
  it("gives both parts and writes who saw them, without the code", async () => {
    const { deps, vault, store, rows } = world();
    await store({ code: vault.seal("SECRET-CODE-1", ID), code2: vault.seal("PIN-2", ID) });
    expect(await revealCode(deps, ID, STAFF)).toEqual({ ok: true, value: ["SECRET-CODE-1", "PIN-2"] });
    const logged = await rows();
    expect(logged).toEqual([expect.objectContaining({ actor: STAFF.email, action: "orders.code_revealed", target: `order:${ID}`, ip: STAFF.ip })]);
    expect(JSON.stringify(logged)).not.toContain("SECRET-CODE-1");
  });

  it("refuses by name, and writes nothing, for no order, no code or a code it cannot open", async () => {
    const { deps, store, rows } = world();
    expect(await revealCode(deps, ID, STAFF)).toEqual({ ok: false, error: "order_not_found" });
    await store({});
    expect(await revealCode(deps, ID, STAFF)).toEqual({ ok: false, error: "no_code" });
    await store({ code: createCodeVault(randomBytes(32)).seal("OTHER-KEY", ID) });
    expect(await revealCode(deps, ID, STAFF)).toEqual({ ok: false, error: "code_unreadable" });
    expect(await rows()).toEqual([]);
  });
});
