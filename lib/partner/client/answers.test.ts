import { describe, expect, it } from "vitest";
import { json } from "@/tests/support/partner-client/fake-service";
import {
  balanceBody,
  failedBalanceOrderBody,
  orderUpdateBody,
  reviseBody,
  voucherOrderBody,
} from "@/tests/support/partner-client/sample-bodies";
import { setupClient } from "@/tests/support/partner-client/setup-client";

describe("how answers become results or errors", () => {
  it("treats a 200 with an error body as that error (the body's code wins)", async () => {
    const { service, client } = setupClient();
    service.on("GET /api/voucher_available", () =>
      json(200, { success: false, error: 102, error_text: "no available vouchers" }),
    );
    const result = await client.voucherAvailable(432);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(102);
    expect(result.error.status).toBe(200);
    expect(result.error.text).toBe("no available vouchers");
    expect(result.error.body).toEqual({ success: false, error: 102, error_text: "no available vouchers" });
  });

  it("reads the code from the body, not the HTTP status (101 travels as 409)", async () => {
    const { service, client } = setupClient();
    service.on("POST /api/order_update", () => json(409, { success: false, error: 101, error_text: "final" }));
    const result = await client.orderUpdate({ order_id: "1", status: 2 });
    expect(result.ok ? null : [result.error.code, result.error.status]).toEqual([101, 409]);
  });

  it("uses the HTTP status when the body has no error code", async () => {
    const { service, client } = setupClient();
    service.on("GET /api/gameslist", () => json(404, { success: false }));
    const result = await client.gamesList();
    expect(result.ok ? null : [result.error.code, result.error.text]).toEqual([404, "not found"]);
  });

  it("returns a failed order (order_status 3, success false) as a result", async () => {
    const { service, client } = setupClient();
    service.on("POST /api/pay", () => json(200, failedBalanceOrderBody));
    const result = await client.pay({ game_id: 2, account: "someone", amount: 5 });
    expect(result).toEqual({ ok: true, value: failedBalanceOrderBody });
  });

  it("keeps fields the schemas do not know, at the top and nested", async () => {
    const { service, client } = setupClient();
    const games = {
      available_games: [
        {
          id: 1,
          game_name: "Store Card",
          brand: "Store",
          country: null,
          region: "GLOBAL",
          platform: null,
          delivery_time_target_minutes: 1,
          delivery_time_max_minutes: 10,
          description: null,
          type: "voucher",
          activation: "auto",
          currency: "USD",
          avalible: true,
          request: false,
          account_check: false,
          discount_percent: null,
          has_voucher_discounts: false,
          max_voucher_discount_percent: null,
          min_voucher_discount_percent: null,
          new_in_1_1: "kept",
        },
      ],
      page: 1,
    };
    service.on("GET /api/gameslist", () => json(200, games));
    service.on("GET /api/get_order_info", () => json(200, { ...voucherOrderBody, loyalty_points: 3 }));
    expect(await client.gamesList()).toEqual({ ok: true, value: games });
    const order = await client.orderInfo("100001");
    expect(order.ok && order.value).toMatchObject({ loyalty_points: 3, voucher_code: "ABCD-EFGH" });
  });

  it("turns a body that does not match the schema into invalid_response naming the path", async () => {
    const { service, client } = setupClient();
    service.on("GET /api/balance", () => json(200, { ...balanceBody, balance: "lots" }));
    const result = await client.balance();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe("invalid_response");
    expect(result.error.status).toBe(200);
    expect(result.error.text).toContain("balance:");
    expect(result.error.body).toEqual({ ...balanceBody, balance: "lots" });
  });

  it("picks the order schema by voucher_id, naming the missing field", async () => {
    const { service, client } = setupClient();
    const withoutDelivery: Record<string, unknown> = { ...voucherOrderBody };
    delete withoutDelivery.delivery_method;
    service.on("GET /api/get_order_info", () => json(200, withoutDelivery));
    const order = await client.orderInfo("100001");
    expect(order.ok ? null : order.error.text).toContain("delivery_method:");
  });

  it("reports a 2xx body that is not JSON as invalid_response with the raw text", async () => {
    const { service, client } = setupClient();
    service.on("GET /api/balance", () => new Response("<html>maintenance</html>", { status: 200 }));
    const result = await client.balance();
    expect(result.ok ? null : [result.error.code, result.error.body]).toEqual([
      "invalid_response",
      "<html>maintenance</html>",
    ]);
  });

  it("keeps delivery_method of the account-validation 400", async () => {
    const { service, client } = setupClient();
    const body = { error: 400, error_text: "account is required", delivery_method: "direct_topup" };
    service.on("POST /api/pay", () => json(400, body));
    const result = await client.pay({ voucher_id: 9 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(400);
    expect(result.error.deliveryMethod).toBe("direct_topup");
    expect(result.error.accountErrorBody).toEqual(body);
  });

  it("returns account-check business outcomes as results and a 503 as an error with its body", async () => {
    const { service, client } = setupClient();
    const wrongRegion = {
      success: false,
      message: "wrong region",
      game_name: "Mobile Legends",
      game_id: 426,
      account: "1|2",
      error_code: "wrong_service_region",
      recommended_game_id: 92837,
    };
    const notFound = { success: false, message: "player not found", game_name: "X", game_id: 432, account: "1" };
    const unavailable = { success: false, game_name: "X", game_id: 432, account: "1", error: 503, error_text: "off" };
    service.on(
      "GET /api/account_check",
      () => json(200, wrongRegion),
      () => json(200, notFound),
      () => json(503, unavailable),
    );
    expect(await client.accountCheck({ game_id: 426, account: "1|2" })).toEqual({ ok: true, value: wrongRegion });
    expect(await client.accountCheck({ game_id: 432, account: "1" })).toEqual({ ok: true, value: notFound });
    const failure = await client.accountCheck({ game_id: 432, account: "1", test: 1 });
    expect(failure.ok ? null : [failure.error.code, failure.error.text, failure.error.body]).toEqual([
      503,
      "off",
      unavailable,
    ]);
    const lastQuery = service.callsTo("GET /api/account_check").at(-1)?.url.searchParams;
    expect(Object.fromEntries(lastQuery ?? [])).toEqual({ game_id: "432", account: "1", test: "1" });
  });

  it("accepts order_update ids as strings (the spec) and as numbers", async () => {
    const { service, client } = setupClient();
    service.on(
      "POST /api/order_update",
      () => json(200, orderUpdateBody),
      () => json(200, { ...orderUpdateBody, game_id: 1, voucher_id: 501 }),
    );
    expect(await client.orderUpdate({ order_id: "100003", status: 2 })).toEqual({ ok: true, value: orderUpdateBody });
    expect(await client.orderUpdate({ order_id: "100003", status: 2 })).toEqual({ ok: true, value: orderUpdateBody });
    expect(service.callsTo("POST /api/order_update")[0]?.body).toEqual({ order_id: "100003", status: 2 });
  });

  it("sends JSON with the expected headers and GET parameters as a query string", async () => {
    const { service, client } = setupClient();
    service.on("POST /api/revise", () => json(200, reviseBody));
    service.on("GET /api/voucher_available", () => json(200, { game_id: 426, available: [] }));
    const revise = { date_from: "2026-01-01", date_to: "2026-01-31", payments: [{ order_id: "999", amount: 1, status: 2 as const, transaction_time: "01.01.2026 10:00:00" }] };
    expect(await client.revise(revise)).toEqual({ ok: true, value: reviseBody });
    await client.voucherAvailable(426);

    const [post] = service.callsTo("POST /api/revise");
    expect(post?.headers.get("content-type")).toBe("application/json");
    expect(post?.headers.get("accept")).toBe("application/json");
    expect(post?.body).toEqual(revise);
    const [get] = service.callsTo("GET /api/voucher_available");
    expect(get?.url.search).toBe("?game_id=426");
    expect(get?.headers.get("content-type")).toBeNull();
  });

  it("adds test=1 to every pay in test mode unless the request sets test", async () => {
    const { service, client } = setupClient({ testMode: true });
    service.on("POST /api/pay", () => json(200, voucherOrderBody));
    await client.pay({ voucher_id: 501 });
    await client.pay({ voucher_id: 501, test: 0 });
    expect(service.callsTo("POST /api/pay").map((c) => c.body)).toEqual([
      { voucher_id: 501, test: 1 },
      { voucher_id: 501, test: 0 },
    ]);
  });

  it("codes a failure status the spec does not name as http_error", async () => {
    const { service, client } = setupClient({ retries: 0 });
    service.on("GET /api/balance", () => new Response("Bad gateway", { status: 502 }));
    const result = await client.balance();
    expect(result.ok ? null : [result.error.code, result.error.status, result.error.body]).toEqual([
      "http_error",
      502,
      "Bad gateway",
    ]);
  });
});
