// /api/revise: docs/partner-api-decisions.md items 19 (matching, counts, mismatch entries) and 20 (validation).
import { describe, expect, it } from "vitest";
import type { RevisePayment } from "@/lib/partner/schemas";
import { createHarness, type Harness } from "@/tests/support/sandbox/engine-harness";

async function setUp() {
  const h = createHarness();
  const paid = await h.time.run(h.engine.pay(h.partner(), { game_id: 10, account: "a", amount: 10 })); // 2, 9.75
  const voucher = await h.time.run(h.engine.pay(h.partner(), { voucher_id: 2001 })); // 2, 9.50
  const reserved = await h.engine.pay(h.partner(), { voucher_id: 2001, request: 1 });
  await h.engine.orderUpdate(h.partner(), { order_id: String(reserved.body.order_id), status: 3 }); // 3
  const foreign = await h.engine.pay(h.partner(2), { voucher_id: 2001 });
  return { h, ids: [paid, voucher, reserved, foreign].map((r) => String(r.body.order_id)) as [string, string, string, string] };
}

const pay = (order_id: string, status: 2 | 3, amount: number, transaction_time = "15.01.2026 12:30:00"): RevisePayment =>
  ({ order_id, status, amount, transaction_time });

const revise = (h: Harness, payments: RevisePayment[], date_from = "15.01.2026", date_to = "2026-01-15") =>
  h.engine.revise(h.partner(), { date_from, date_to, payments });

describe("/api/revise", () => {
  it("counts matches, status and amount mismatches and unknown orders; one entry per order", async () => {
    const { h, ids } = await setUp();
    const [paid, voucher, released, foreign] = ids;
    const result = await revise(h, [
      pay(paid, 2, 9.75),
      pay(voucher, 2, 10, "2026-01-15 12:31:00"), // amount mismatch (counted as true)
      pay(released, 2, 9.5, "2026-01-15T12:32:00+03:00"), // status mismatch
      pay(released, 3, 1), // same order again: judged on its own, status outranks amount in the list
      pay(foreign, 2, 9.5), // another partner's order: not found
      pay("999999", 3, 1),
    ]);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      success: true, payments_count: 6, revise_payments_count: 4, revise_payments_true: 3,
      revise_payments_false: 1, revise_payments_not_found: 2,
    });
    const mismatches = result.body.revise_payments_mismatches as Record<string, unknown>[];
    expect(mismatches.map((m) => [m.order_id, m.mismatch_reason])).toEqual([
      [voucher, "amount_mismatch"], [released, "status_mismatch"], [foreign, "not_found"], ["999999", "not_found"],
    ]);
    expect(Object.keys(mismatches[0]!)).toEqual([
      "order_id", "mismatch_reason", "partner_status", "service_status", "partner_amount", "service_amount",
      "partner_transaction_time", "service_transaction_time",
    ]);
    expect(mismatches[0]).toMatchObject({ partner_amount: 10, service_amount: 9.5, partner_transaction_time: "2026-01-15 12:31:00" });
    expect(mismatches[1]).toMatchObject({ partner_status: 2, service_status: 3, partner_transaction_time: "2026-01-15T12:32:00+03:00" });
    expect(mismatches[1]!.service_transaction_time).toMatch(/^2026-01-15T12:0\d:\d{2}\.\d{3}Z$/);
    expect(Object.keys(mismatches[2]!)).toEqual(["order_id", "mismatch_reason", "partner_status", "partner_amount", "partner_transaction_time"]);
  });

  it("matches only orders created in the period and records reconciliation data for found orders", async () => {
    const { h, ids } = await setUp();
    const outside = await revise(h, [pay(ids[0], 2, 9.75)], "16.01.2026", "20.01.2026");
    expect(outside.body).toMatchObject({ revise_payments_count: 0, revise_payments_not_found: 1 });
    expect(await h.store.listReconciliations(ids[0])).toEqual([]);
    await revise(h, [pay(ids[0], 2, 9.75)], "01.01.2026", "15.01.2026");
    expect(await h.store.listReconciliations(ids[0])).toEqual([
      expect.objectContaining({ orderId: ids[0], result: "match", partnerStatus: 2, partnerAmountMinor: 975, serviceStatus: 2 }),
    ]);
  });

  it("accepts amount_charged in place of amount", async () => {
    const { h, ids } = await setUp();
    const result = await revise(h, [{ order_id: ids[0], status: 2, amount_charged: 9.75, transaction_time: "15.01.2026 13:00:00" }]);
    expect(result.body).toMatchObject({ revise_payments_true: 1, revise_payments_mismatches: [] });
  });

  it.each([
    ["", "2026-01-15", "date_from is required"],
    ["2026-02-30", "2026-03-01", "date_from must be a real date as DD.MM.YYYY or YYYY-MM-DD"],
    ["15/01/2026", "2026-01-15", "date_from must be a real date as DD.MM.YYYY or YYYY-MM-DD"],
    ["2026-01-16", "2026-01-15", "date_from must not be later than date_to"],
    ["2026-01-01", "2026-02-01", "the period may span at most 31 days (date_to - date_from <= 30 days)"],
  ])("rejects dates %s..%s", async (from, to, text) => {
    const { h } = await setUp();
    expect((await revise(h, [], from, to)).body).toEqual({ success: false, error: 400, error_text: text });
  });

  it("allows exactly 31 calendar days", async () => {
    const { h } = await setUp();
    expect((await revise(h, [], "2026-01-01", "31.01.2026")).status).toBe(200);
  });

  it("rejects the whole call naming the first invalid item, recording nothing", async () => {
    const { h, ids } = await setUp();
    const result = await revise(h, [pay(ids[0], 2, 9.75), pay(ids[1], 2, 9.5, "31.02.2026 10:00:00")]);
    expect(result).toMatchObject({ status: 400, body: { error: 400, error_text: expect.stringMatching(/^payments\[1\]: transaction_time/) } });
    expect(await h.store.listReconciliations(ids[0])).toEqual([]);
  });

  it("rejects more than 10,000 payments", async () => {
    const { h } = await setUp();
    const payments = Array.from({ length: 10_001 }, (_, i) => pay(String(i), 2, 1));
    expect((await revise(h, payments)).body.error_text).toBe("payments may hold at most 10000 entries");
    expect((await revise(h, payments.slice(1))).status).toBe(200);
  });

  it("judges an order by its status as of now (due transitions applied)", async () => {
    const h = createHarness();
    const reserved = await h.engine.pay(h.partner(), { voucher_id: 2001, request: 1 });
    const dead = h.newInstance({ deadTimers: true });
    h.engine.close();
    await h.time.advance(3_600_000);
    const result = await dead.revise(h.partner(), {
      date_from: "2026-01-15", date_to: "2026-01-15", payments: [pay(String(reserved.body.order_id), 3, 9.5)],
    });
    expect(result.body).toMatchObject({ revise_payments_true: 1, revise_payments_mismatches: [] });
  });
});
