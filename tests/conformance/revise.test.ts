// POST /api/revise (4.8), reconciliation records of 2.7, decisions 5, 19, 20.
import { afterEach, describe, expect, it } from "vitest";
import { P, S, V } from "./fixture";
import { asArray, asObject, asString, createHarness, type Harness, type JsonObject, type PartnerClient } from "./harness";
import { expectExactKeys, MISMATCH_KEYS, MISMATCH_NOT_FOUND_KEYS, REVISE_KEYS } from "./shapes";

let h: Harness;
afterEach(() => h.close());

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
// ManualTime starts on 2026-01-15 12:00:00 UTC: every order below is created that day.
const DAY = "2026-01-15";
const TT = "15.01.2026 12:30:00";

function entry(orderId: string, status: unknown, amount: unknown, extra: JsonObject = {}): JsonObject {
  return { order_id: orderId, amount, status, transaction_time: TT, ...extra };
}

async function revise(client: PartnerClient, payments: unknown, from: unknown = DAY, to: unknown = DAY) {
  return client.post("/api/revise", { date_from: from, date_to: to, payments });
}

function mismatches(body: JsonObject): JsonObject[] {
  return asArray(body.revise_payments_mismatches, "revise_payments_mismatches").map((m) => asObject(m, "mismatch"));
}

async function orderOf(client: PartnerClient, body: JsonObject): Promise<string> {
  const res = await client.pay(body);
  expect(res.status, res.text).toBe(200);
  return asString(res.body.order_id);
}

describe("POST /api/revise – matching and counting (decision 19)", () => {
  it("counts matches, mismatches and unknown orders, listing mismatch entries in the order of 2.7", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const a = await orderOf(client, { voucher_id: V.arenaCode }); // 2, 9.50
    const b = await orderOf(client, { voucher_id: V.declineCode }); // 3, 5.00
    const c = await orderOf(client, { game_id: S.wallet, account: "acc", amount: 10 }); // 2, 9.75
    const d = await orderOf(client, { voucher_id: V.stallCode }); // 1, 5.00
    const e = await orderOf(client, { voucher_id: V.arenaDirect, account: "900100200" }); // 2, 4.75
    const created = h.time.now();

    const res = await revise(client, [
      entry(a, 2, 9.5),
      entry(c, 2, 9.7, { transaction_time: "2026-01-15 12:31:00" }),
      entry(b, 2, 5),
      entry(d, 2, 1, { transaction_time: "2026-01-15T12:32:00+03:00" }),
      entry("999999999999", 2, 1),
      { order_id: e, amount_charged: 4.75, status: 2, transaction_time: TT },
    ]);
    expect(res.status, res.text).toBe(200);
    expectExactKeys(res.body, REVISE_KEYS, "revise");
    expect(res.body).toMatchObject({
      success: true,
      payments_count: 6,
      revise_payments_count: 5,
      revise_payments_true: 3,
      revise_payments_false: 2,
      revise_payments_not_found: 1,
    });
    const list = mismatches(res.body);
    expect(list).toHaveLength(4);
    const find = (id: string) => list.find((m) => m.order_id === id);

    const amount = asObject(find(c));
    expectExactKeys(amount, MISMATCH_KEYS, "amount_mismatch entry");
    expect(amount).toMatchObject({
      mismatch_reason: "amount_mismatch",
      partner_status: 2,
      service_status: 2,
      partner_amount: 9.7,
      service_amount: 9.75,
      partner_transaction_time: "2026-01-15 12:31:00",
    });
    const serviceTime = asString(amount.service_transaction_time);
    expect(serviceTime).toMatch(ISO_WITH_OFFSET);
    expect(Date.parse(serviceTime)).toBeLessThanOrEqual(created);
    expect(Date.parse(serviceTime)).toBeGreaterThanOrEqual(Date.parse("2026-01-15T12:00:00Z"));

    const failed = asObject(find(b));
    expectExactKeys(failed, MISMATCH_KEYS, "status_mismatch entry");
    expect(failed).toMatchObject({ mismatch_reason: "status_mismatch", partner_status: 2, service_status: 3, partner_amount: 5, service_amount: 5 });

    // Status outranks amount: one entry, status_mismatch, even though the amount differs too.
    const pending = asObject(find(d));
    expect(pending).toMatchObject({
      mismatch_reason: "status_mismatch",
      partner_status: 2,
      service_status: 1,
      partner_amount: 1,
      service_amount: 5,
      partner_transaction_time: "2026-01-15T12:32:00+03:00",
    });

    const missing = asObject(find("999999999999"));
    expectExactKeys(missing, MISMATCH_NOT_FOUND_KEYS, "not_found entry");
    expect(missing).toEqual({
      order_id: "999999999999",
      mismatch_reason: "not_found",
      partner_status: 2,
      partner_amount: 1,
      partner_transaction_time: TT,
    });
    expect(find(a)).toBeUndefined();
    expect(find(e)).toBeUndefined();
  });

  it("answers zero counts and no mismatches for an empty payments array", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await revise(client, []);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      success: true,
      payments_count: 0,
      revise_payments_count: 0,
      revise_payments_true: 0,
      revise_payments_false: 0,
      revise_payments_not_found: 0,
      revise_payments_mismatches: [],
    });
  });

  it("judges each entry on its own when an order_id repeats, with one mismatch entry per order at most", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const a = await orderOf(client, { voucher_id: V.arenaCode });
    const res = await revise(client, [entry(a, 2, 9.5), entry(a, 3, 9.5), entry(a, 2, 9)]);
    expect(res.body).toMatchObject({ payments_count: 3, revise_payments_count: 3, revise_payments_true: 2, revise_payments_false: 1, revise_payments_not_found: 0 });
    // Status outranks amount, also across the entries of one order.
    expect(mismatches(res.body).map((m) => [m.order_id, m.mismatch_reason])).toEqual([[a, "status_mismatch"]]);
  });

  it("compares against a refunded order's final state (3) and its latest status-change time", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const r = await orderOf(client, { voucher_id: V.refundCode });
    await h.time.advance(10 * 60_000);
    const res = await revise(client, [entry(r, 2, 6)]);
    const m = asObject(mismatches(res.body)[0]);
    expect(m).toMatchObject({ order_id: r, mismatch_reason: "status_mismatch", partner_status: 2, service_status: 3 });
    // service_transaction_time is the time of the latest status change: the refund ~120 s after the sale.
    const t = Date.parse(asString(m.service_transaction_time));
    expect(t).toBeGreaterThanOrEqual(Date.parse("2026-01-15T12:02:00Z"));
    expect(t).toBeLessThanOrEqual(Date.parse("2026-01-15T12:02:05Z"));
  });

  it("accepts status and amount as strings, and matches 9.50 with 9.5", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const a = await orderOf(client, { voucher_id: V.arenaCode });
    const res = await revise(client, [entry(a, "2", "9.50")]);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ payments_count: 1, revise_payments_count: 1, revise_payments_true: 1, revise_payments_false: 0 });
    expect(mismatches(res.body)).toEqual([]);
  });

  it.each([
    ["DD.MM.YYYY HH:MM:SS", "15.01.2026 12:30:00"],
    ["YYYY-MM-DD HH:MM:SS", "2026-01-15 12:30:00"],
    ["ISO 8601 with Z", "2026-01-15T12:30:00Z"],
    ["ISO 8601 with offset", "2026-01-15T15:30:00+03:00"],
    ["ISO 8601 with milliseconds", "2026-01-15T12:30:00.250Z"],
  ])("accepts transaction_time as %s and echoes it exactly (decision 5)", async (_name, time) => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await revise(client, [entry("999999999999", 3, 2, { transaction_time: time })]);
    expect(res.status, res.text).toBe(200);
    expect(asObject(mismatches(res.body)[0]).partner_transaction_time).toBe(time);
  });

  it("only finds orders created within date_from 00:00:00 to date_to 23:59:59 UTC", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    // Move to 23:59:30 on the 15th and create an order there.
    await h.time.advance(Date.parse("2026-01-15T23:59:30Z") - h.time.now());
    const late = await orderOf(client, { voucher_id: V.arenaCode });
    const payments = [entry(late, 2, 9.5)];

    const sameDay = await revise(client, payments, "15.01.2026", "15.01.2026");
    expect(sameDay.body).toMatchObject({ revise_payments_count: 1, revise_payments_true: 1, revise_payments_not_found: 0 });

    const before = await revise(client, payments, "2026-01-10", "2026-01-14");
    expect(before.body).toMatchObject({ revise_payments_count: 0, revise_payments_not_found: 1 });
    expect(asObject(mismatches(before.body)[0]).mismatch_reason).toBe("not_found");

    const after = await revise(client, payments, "2026-01-16", "2026-01-20");
    expect(after.body).toMatchObject({ revise_payments_count: 0, revise_payments_not_found: 1 });

    const mixed = await revise(client, payments, "01.01.2026", "2026-01-31");
    expect(mixed.body).toMatchObject({ revise_payments_count: 1, revise_payments_not_found: 0 });
  });

  it("matches order_id as a string: leading zeros are not found", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const a = await orderOf(client, { voucher_id: V.arenaCode });
    const res = await revise(client, [entry(`0${a}`, 2, 9.5)]);
    expect(res.body).toMatchObject({ revise_payments_count: 0, revise_payments_not_found: 1 });
  });

  it("does not find another partner's orders", async () => {
    h = createHarness();
    const owner = await h.as(P.main);
    const stranger = await h.as(P.other);
    const a = await orderOf(owner, { voucher_id: V.arenaCode });
    const res = await revise(stranger, [entry(a, 2, 9.5)]);
    expect(res.body).toMatchObject({ payments_count: 1, revise_payments_count: 0, revise_payments_not_found: 1 });
  });

  it("accepts exactly 10,000 payments", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const payments = Array.from({ length: 10_000 }, (_, i) => ({ order_id: String(900000000 + i), amount: 1, status: 2, transaction_time: TT }));
    const res = await revise(client, payments);
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.body.payments_count).toBe(10_000);
    expect(res.body.revise_payments_not_found).toBe(10_000);
  });
});
