// Duplicate protection by ext_order_id (spec 3, docs/partner-api-decisions.md item 11).
import { describe, expect, it, vi } from "vitest";
import { createHarness } from "@/tests/support/sandbox/engine-harness";

describe("ext_order_id duplicate protection", () => {
  it("a repeat answers the existing order's current state, whatever else it carries", async () => {
    const h = createHarness();
    const first = await h.engine.pay(h.partner(2), { game_id: 10, account: "a", amount: 10, ext_order_id: "A1" });
    expect(first.body).toMatchObject({ order_status: 5, ext_order_id: "A1" });
    await h.time.advance(5_000);
    const repeat = await h.engine.pay(h.partner(2), { voucher_id: 9999, ext_order_id: "A1" });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ order_id: first.body.order_id, order_status: 2, ext_order_id: "A1" });
    expect(Object.keys(repeat.body)).toEqual(Object.keys(first.body));
    expect(await h.engine.existingByExt(h.partner(2), "A1")).toEqual(repeat);
    expect(await h.balanceOf(2)).toBe(10_000 - 975); // debited once
  });

  it("the same ext_order_id from another partner is independent", async () => {
    const h = createHarness();
    const mine = await h.time.run(h.engine.pay(h.partner(1), { voucher_id: 2001, ext_order_id: "X" }));
    const theirs = await h.engine.pay(h.partner(2), { voucher_id: 2001, ext_order_id: "X" });
    expect(theirs.body.order_id).not.toBe(mine.body.order_id);
    expect(await h.engine.existingByExt(h.partner(3), "X")).toBeNull();
  });

  it("concurrent first calls with one ext_order_id create exactly one order and debit once", async () => {
    const h = createHarness();
    const commit = vi.spyOn(h.store, "commit");
    const calls = Array.from({ length: 5 }, () =>
      h.engine.pay(h.partner(2), { voucher_id: 2001, ext_order_id: "RACE" }),
    );
    const results = await Promise.all(calls);
    const ids = new Set(results.map((r) => r.body.order_id));
    expect(ids.size).toBe(1);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await h.balanceOf(2)).toBe(10_000 - 950);
    // All five got past the ext lookup; the store's atomic create let one through.
    const outcomes = await Promise.all(commit.mock.results.map((r) => r.value as Promise<{ ok: boolean; reason?: string }>));
    expect(outcomes.filter((o) => !o.ok).map((o) => o.reason)).toEqual(Array(4).fill("duplicate_ext"));
  });

  it("concurrent calls without notifications all wait and agree on the one order", async () => {
    const h = createHarness();
    const both = Promise.all([
      h.engine.pay(h.partner(), { game_id: 10, account: "a", amount: 10, ext_order_id: "R2" }),
      h.engine.pay(h.partner(), { game_id: 10, account: "a", amount: 10, ext_order_id: "R2" }),
    ]);
    const [a, b] = await h.time.run(both);
    expect(a!.body.order_id).toBe(b!.body.order_id);
    expect(await h.balanceOf()).toBe(10_000 - 975);
  });

  it("a refused first call (402) leaves the ext_order_id free", async () => {
    const h = createHarness({ edit: (f) => void (f.partners[1]!.balance = 1) });
    expect((await h.engine.pay(h.partner(2), { voucher_id: 2001, ext_order_id: "P" })).status).toBe(402);
    expect(await h.engine.existingByExt(h.partner(2), "P")).toBeNull();
  });
});
