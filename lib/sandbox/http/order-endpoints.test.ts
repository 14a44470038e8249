import { describe, expect, it } from "vitest";
import { createHarness, read } from "@/tests/support/sandbox/http-test-support";

const bad = (text: string) => ({ status: 400, body: { success: false, error: 400, error_text: text } });

describe("POST /api/order_update", () => {
  it("hands the engine order_id and status, status given as a string too", async () => {
    const h = createHarness();
    const token = await h.login();
    await h.call("POST", "/api/order_update", { token, body: { order_id: "123", status: "3" } });
    expect(h.engine.calls).toEqual([{ method: "orderUpdate", partnerId: 1, input: { order_id: "123", status: 3 } }]);
  });

  it.each([
    [{ status: 2 }, "order_id is required"],
    [{ order_id: 123, status: 2 }, "order_id: expected a string"],
    [{ order_id: "1", status: 4 }, "status must be 2 or 3"],
    [{ order_id: "1", status: "2.0" }, "status must be 2 or 3"],
    [{ order_id: "1", status: 2, note: "x" }, "unknown field note"],
  ])("answers 400 for %j", async (body, text) => {
    const h = createHarness();
    const token = await h.login();
    expect(await read(await h.call("POST", "/api/order_update", { token, body }))).toEqual(bad(text));
    expect(h.engine.calls).toEqual([]);
  });
});

describe("POST /api/revise", () => {
  const payment = { order_id: "1", amount: "9.50", status: 2, transaction_time: "15.01.2026 12:00:00" };

  it("hands the engine the dates unparsed and every payment parsed", async () => {
    const h = createHarness();
    const token = await h.login();
    const body = { date_from: "01.01.2026", date_to: "2026-01-31", payments: [payment, { ...payment, amount: undefined, amount_charged: 3 }] };
    expect((await h.call("POST", "/api/revise", { token, body })).status).toBe(200);
    expect(h.engine.calls).toEqual([
      {
        method: "revise",
        partnerId: 1,
        input: {
          date_from: "01.01.2026",
          date_to: "2026-01-31",
          payments: [
            { order_id: "1", amount: 9.5, status: 2, transaction_time: "15.01.2026 12:00:00" },
            { order_id: "1", amount_charged: 3, status: 2, transaction_time: "15.01.2026 12:00:00" },
          ],
        },
      },
    ]);
  });

  it.each([
    [{ date_to: "2026-01-31", payments: [] }, "date_from is required"],
    [{ date_from: "2026-01-01", date_to: "2026-01-31", payments: {} }, "payments must be an array"],
    [{ date_from: "2026-01-01", date_to: "2026-01-31", payments: [payment, { ...payment, status: 1 }] }, "payments[1].status must be 2 or 3"],
    [{ date_from: "2026-01-01", date_to: "2026-01-31", payments: [{ ...payment, amount: undefined }] }, "payments[0].amount (or amount_charged) is required"],
    [{ date_from: "2026-01-01", date_to: "2026-01-31", payments: ["x"] }, "payments[0]: expected object, received string"],
  ])("answers 400 naming the problem for %j", async (body, text) => {
    const h = createHarness();
    const token = await h.login();
    expect(await read(await h.call("POST", "/api/revise", { token, body }))).toEqual(bad(text));
    expect(h.engine.calls).toEqual([]);
  });

  it("answers 400 for more than 10,000 payments", async () => {
    const h = createHarness();
    const token = await h.login();
    const payments = Array.from({ length: 10_001 }, () => ({}));
    expect(await read(await h.call("POST", "/api/revise", { token, body: { date_from: "2026-01-01", date_to: "2026-01-02", payments } }))).toEqual(
      bad("payments must hold at most 10000 items"),
    );
  });
});
