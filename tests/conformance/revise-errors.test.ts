// POST /api/revise error rows (4.8) and the limits of decision 20.
import { afterEach, describe, expect, it } from "vitest";
import { P } from "./fixture";
import { createHarness, type Harness, type JsonObject, type PartnerClient } from "./harness";
import { expectError } from "./shapes";

let h: Harness;
afterEach(() => h.close());

const DAY = "2026-01-15";
const TT = "15.01.2026 12:30:00";

function entry(orderId: string, status: unknown, amount: unknown): JsonObject {
  return { order_id: orderId, amount, status, transaction_time: TT };
}

async function revise(client: PartnerClient, payments: unknown, from: unknown = DAY, to: unknown = DAY) {
  return client.post("/api/revise", { date_from: from, date_to: to, payments });
}

describe("POST /api/revise – 400 rows (decision 20)", () => {
  async function expect400(body: unknown, mentions: string[] = []) {
    h = createHarness();
    const client = await h.as(P.main);
    return expectError(await client.post("/api/revise", body), 400, mentions);
  }

  it("400 naming date_from when it is missing", async () => {
    await expect400({ date_to: DAY, payments: [] }, ["date_from"]);
  });

  it("400 naming date_to when it is missing", async () => {
    await expect400({ date_from: DAY, payments: [] }, ["date_to"]);
  });

  it.each(["2026/01/15", "15-01-2026", "2026-1-15", "15.1.2026", "15.01.26", "20260115", "2026-01-15T00:00:00Z", "", " 2026-01-15", "yesterday"])(
    "400 naming date_from for the format %j",
    async (date) => {
      await expect400({ date_from: date, date_to: DAY, payments: [] }, ["date_from"]);
    },
  );

  it.each([20260115, true, null, ["2026-01-15"]])("400 naming date_to when it is %j", async (date) => {
    await expect400({ date_from: DAY, date_to: date, payments: [] }, ["date_to"]);
  });

  it.each(["2026-02-30", "31.04.2026", "2025-02-29", "2026-13-01", "00.01.2026", "2026-01-32"])(
    "400 naming date_from for the nonexistent date %s",
    async (date) => {
      await expect400({ date_from: date, date_to: "2026-12-31", payments: [] }, ["date_from"]);
    },
  );

  it("accepts 29 February of a leap year", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await revise(client, [], "2028-02-29", "2028-03-01");
    expect(res.status, res.text).toBe(200);
  });

  it("400 when date_from is after date_to", async () => {
    const body = await expect400({ date_from: "2026-01-16", date_to: DAY, payments: [] });
    expect(String(body.error_text)).toMatch(/date_from|date_to/);
  });

  it("accepts a period of 31 calendar days and rejects 32", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const ok = await revise(client, [], "2026-01-01", "2026-01-31");
    expect(ok.status, ok.text).toBe(200);
    expectError(await revise(client, [], "2026-01-01", "2026-02-01"), 400);
    expectError(await revise(client, [], "01.12.2025", "01.01.2026"), 400);
  });

  it.each([
    ["missing", undefined],
    ["an object", { order_id: "1" }],
    ["a string", "[]"],
    ["null", null],
    ["a number", 5],
  ])("400 naming payments when it is %s", async (_name, payments) => {
    const body: JsonObject = { date_from: DAY, date_to: DAY };
    if (payments !== undefined) body.payments = payments;
    await expect400(body, ["payments"]);
  });

  it("400 for more than 10,000 payments", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const payments = Array.from({ length: 10_001 }, (_, i) => ({ order_id: String(900000000 + i), amount: 1, status: 2, transaction_time: TT }));
    const res = await revise(client, payments);
    const body = expectError(res, 400, ["payments"]);
    expect(String(body.error_text)).toMatch(/10[ ,.]?000/);
  });

  const good = entry("999999999999", 2, 1);
  it.each([
    ["not an object", "payment"],
    ["without order_id", { amount: 1, status: 2, transaction_time: TT }],
    ["with a numeric order_id", { order_id: 123, amount: 1, status: 2, transaction_time: TT }],
    ["without status", { order_id: "1", amount: 1, transaction_time: TT }],
    ["with status 1", { order_id: "1", amount: 1, status: 1, transaction_time: TT }],
    ["with status 6", { order_id: "1", amount: 1, status: 6, transaction_time: TT }],
    ["with status \"x\"", { order_id: "1", amount: 1, status: "x", transaction_time: TT }],
    ["without amount or amount_charged", { order_id: "1", status: 2, transaction_time: TT }],
    ["with amount \"abc\"", { order_id: "1", amount: "abc", status: 2, transaction_time: TT }],
    ["with amount \"1e3\"", { order_id: "1", amount: "1e3", status: 2, transaction_time: TT }],
    ["with amount true", { order_id: "1", amount: true, status: 2, transaction_time: TT }],
    ["without transaction_time", { order_id: "1", amount: 1, status: 2 }],
    ["with transaction_time \"yesterday\"", { order_id: "1", amount: 1, status: 2, transaction_time: "yesterday" }],
    ["with a nonexistent transaction_time", { order_id: "1", amount: 1, status: 2, transaction_time: "30.02.2026 10:00:00" }],
    ["with hour 25 in transaction_time", { order_id: "1", amount: 1, status: 2, transaction_time: "2026-01-15 25:00:00" }],
    ["with a transaction_time without time", { order_id: "1", amount: 1, status: 2, transaction_time: "15.01.2026" }],
    ["with a numeric transaction_time", { order_id: "1", amount: 1, status: 2, transaction_time: 1768478400 }],
  ])("400 naming the item's index for an item %s", async (_name, bad) => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await revise(client, [good, good, good, good, bad, good]);
    const body = expectError(res, 400);
    expect(String(body.error_text), "error_text names index 4").toMatch(/(^|[^0-9])4([^0-9]|$)/);
  });
});
