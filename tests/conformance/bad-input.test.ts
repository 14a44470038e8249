// Bad input on every POST body and GET parameter: decisions 1 (JSON bodies), 2 (numbers as
// strings), 6 (error body naming the field), 23 (1 MiB). A rejected call changes nothing.
import { afterEach, describe, expect, it } from "vitest";
import { P, S, V } from "./fixture";
import { createHarness, expectNoOrderWithExtId, type Harness, type PartnerClient } from "./harness";
import { expectError, expectStatus } from "./shapes";

let h: Harness;
afterEach(() => h.close());

const ONE_MIB = 1024 * 1024;

async function raw(client: PartnerClient, path: string, rawBody: string, contentType = "application/json") {
  return h.request("POST", path, { token: client.token, rawBody, headers: { "Content-Type": contentType } });
}

async function unchanged(client: PartnerClient, before: number, ext: string) {
  expect(await client.balance()).toBe(before);
  await expectNoOrderWithExtId(client, ext, V.plainCode);
}

describe("malformed JSON bodies (decision 1)", () => {
  const bodies: Array<[string, string]> = [
    ["not JSON", "voucher_id=4321"],
    ["truncated JSON", '{"voucher_id": 4321'],
    ["a JSON array", '[{"voucher_id": 4321}]'],
    ["a JSON string", '"voucher_id"'],
    ["a JSON number", "4321"],
    ["JSON null", "null"],
    ["JSON true", "true"],
    ["empty", ""],
    ["whitespace", "   "],
  ];

  it.each(bodies)("/api/pay: 400 for %s, nothing changes", async (_name, body) => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await raw(client, "/api/pay", body), 400);
    await unchanged(client, 1000, "probe1");
  });

  it.each(bodies)("/api/order_update: 400 for %s", async (_name, body) => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await raw(client, "/api/order_update", body), 400);
  });

  it.each(bodies)("/api/revise: 400 for %s", async (_name, body) => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await raw(client, "/api/revise", body), 400);
  });

  it("parses a valid JSON body with a missing or wrong Content-Type", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const noType = await h.request("POST", "/api/pay", { token: client.token, rawBody: JSON.stringify({ voucher_id: V.arenaCode }) });
    expect(noType.status, noType.text).toBe(200);
    expectStatus(noType.body, 2);
    const wrongType = await raw(client, "/api/pay", JSON.stringify({ voucher_id: V.arenaCode }), "text/plain");
    expect(wrongType.status, wrongType.text).toBe(200);
    const form = await raw(client, "/api/pay", JSON.stringify({ voucher_id: V.arenaCode }), "application/x-www-form-urlencoded");
    expect(form.status, form.text).toBe(200);
    const charset = await raw(client, "/api/pay", JSON.stringify({ voucher_id: V.arenaCode }), "application/json; charset=utf-8");
    expect(charset.status, charset.text).toBe(200);
    expect(await client.balance()).toBe(1000 - 4 * 9.5);
  });

  it("400 for a non-finite number (1e400) where amount is expected", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await raw(client, "/api/pay", `{"game_id": ${S.wallet}, "account": "acc", "amount": 1e400, "ext_order_id": "probe1"}`);
    expectError(res, 400, ["amount"]);
    await unchanged(client, 1000, "probe1");
  });
});

describe("numbers given as strings (decision 2)", () => {
  it("accepts plain decimal strings in POST bodies", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectStatus((await client.pay({ voucher_id: "4321" })).body, 2);
    expectStatus((await client.pay({ game_id: "1", account: "acc", amount: "10.50" })).body, 2);
    expectStatus((await client.pay({ game_id: "1", account: "acc", amount: "10" })).body, 2);
    expectStatus((await client.pay({ voucher_id: "4321", test: "1" })).body, 2);
    expectStatus((await client.pay({ voucher_id: "4321", activation: "0", request: "0" })).body, 2);
    expect(await client.balance()).toBe(1000 - 9.5 - 10.24 - 9.75 - 9.5);
  });

  it.each([" 4321", "4321 ", "1e3", "+4321", "0x10", "4321.0", "4321.", ".5", "-4321", "4,321", "4_321", "", "NaN", "Infinity", "٤٣٢١"])(
    "400 naming voucher_id for the string %j, nothing changes",
    async (value) => {
      h = createHarness();
      const client = await h.as(P.main);
      expectError(await client.pay({ voucher_id: value, ext_order_id: "probe1" }), 400, ["voucher_id"]);
      await unchanged(client, 1000, "probe1");
    },
  );

  it.each(["99999999999999999999", "9007199254740993"])("a clear 4xx (400 or 404), never a 5xx, for the id %s", async (value) => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: value, ext_order_id: "probe1" });
    expect([400, 404]).toContain(res.status);
    expect(res.body).toMatchObject({ success: false, error: res.status });
    await unchanged(client, 1000, "probe1");
  });

  it.each([[{}], [[]], [[4321]], [true], [false], [4321.5], [null]])("400 naming voucher_id for the JSON value %j", async (value) => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.pay({ voucher_id: value, ext_order_id: "probe1" }), 400, ["voucher_id"]);
    await unchanged(client, 1000, "probe1");
  });

  it.each([" 1", "1e0", "+1", "0x1", "1.0", {}, [1], true])("400 naming game_id for %j in a balance top-up", async (value) => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.pay({ game_id: value, account: "acc", amount: 5, ext_order_id: "probe1" }), 400, ["game_id"]);
    await unchanged(client, 1000, "probe1");
  });

  it.each(["1e1", "+10", " 10", "10 ", "0x10", "10,50", "10.5.0", "Infinity"])("400 naming amount for the string %j", async (value) => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.pay({ game_id: S.wallet, account: "acc", amount: value, ext_order_id: "probe1" }), 400, ["amount"]);
    await unchanged(client, 1000, "probe1");
  });

  it.each([[4321], [{ a: 1 }], [true], [["a"]]])("400 naming account for the JSON value %j", async (value) => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.skyDirect, account: value, ext_order_id: "probe1" });
    expect(res.status).toBe(400);
    expect(String(res.body.error_text).toLowerCase()).toContain("account");
    await unchanged(client, 1000, "probe1");
  });

  it.each(["1e0", "+1", " 1", "1.0", "01x"])("400 naming test for %j", async (value) => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.pay({ voucher_id: V.arenaCode, test: value, ext_order_id: "probe1" }), 400, ["test"]);
    await unchanged(client, 1000, "probe1");
  });
});

describe("missing and extra fields", () => {
  it("400 for an empty object body on /api/pay", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.pay({}), 400);
    expect(await client.balance()).toBe(1000);
  });

  it("an unknown extra field is either ignored or rejected naming it — never anything else", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.arenaCode, colour: "blue" });
    if (res.status === 200) {
      expectStatus(res.body, 2);
      expect(res.body).not.toHaveProperty("colour");
      expect(await client.balance()).toBe(990.5);
    } else {
      expectError(res, 400, ["colour"]);
      expect(await client.balance()).toBe(1000);
    }
  });

  it("does not let a body override fields the partner may not set (partner_id, amount_charged, order_status)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.pay({ voucher_id: V.arenaCode, partner_id: P.other.partner_id, amount_charged: 0.01, order_status: 6 });
    if (res.status === 200) {
      expectStatus(res.body, 2);
      expect(res.body.amount_charged).toBe(9.5);
      expect(await client.balance()).toBe(990.5);
    } else {
      expectError(res, 400);
      expect(await client.balance()).toBe(1000);
    }
    const other = await h.as(P.other);
    expect(await other.balance()).toBe(1000);
  });
});

describe("bodies over 1 MiB (decision 23)", () => {
  it.each(["/api/pay", "/api/revise", "/api/order_update"])("%s: 413 with the error body, nothing changes", async (path) => {
    h = createHarness();
    const client = await h.as(P.main);
    const padding = "x".repeat(ONE_MIB + 10);
    const body = JSON.stringify({ voucher_id: V.arenaCode, ext_order_id: "probe1", padding });
    expectError(await raw(client, path, body), 413);
    await unchanged(client, 1000, "probe1");
  });

  it("accepts a body of exactly 1 MiB (not 413) and rejects one byte more", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const frame = JSON.stringify({ voucher_id: V.arenaCode, padding: "" });
    const exact = JSON.stringify({ voucher_id: V.arenaCode, padding: "x".repeat(ONE_MIB - frame.length) });
    expect(exact.length).toBe(ONE_MIB);
    const atLimit = await raw(client, "/api/pay", exact);
    expect(atLimit.status, atLimit.text.slice(0, 200)).not.toBe(413);
    const over = JSON.stringify({ voucher_id: V.arenaCode, padding: "x".repeat(ONE_MIB - frame.length + 1) });
    expectError(await raw(client, "/api/pay", over), 413);
  });

  it("/api/auth/login: 413 for a body over 1 MiB", async () => {
    h = createHarness();
    const res = await h.request("POST", "/api/auth/login", {
      rawBody: JSON.stringify({ login: P.main.login, api_key: P.main.api_key, padding: "x".repeat(ONE_MIB + 10) }),
      headers: { "Content-Type": "application/json" },
    });
    expectError(res, 413);
  });

  it("413 also when the body is over 1 MiB and not JSON", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await raw(client, "/api/pay", "y".repeat(ONE_MIB + 1)), 413);
  });

  it("413 for a large body sent in chunks without Content-Length", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const chunk = new TextEncoder().encode("z".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20) controller.close();
        else {
          sent += 1;
          controller.enqueue(chunk);
        }
      },
    });
    const request = new Request("http://sandbox.test/api/pay", {
      method: "POST",
      headers: { Authorization: `Bearer ${client.token}`, "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    const res = await h.raw(request);
    expectError(res, 413);
    expect(await client.balance()).toBe(1000);
  });
});

describe("GET parameters", () => {
  it("/api/voucher_available: an unknown parameter is either ignored or rejected naming it", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const res = await client.get("/api/voucher_available", { game_id: String(S.arena), colour: "blue" });
    if (res.status === 200) expect(res.body.game_id).toBe(S.arena);
    else expectError(res, 400, ["colour"]);
  });

  it("/api/get_order_info: a wrongly typed order_id is 400 naming it, not a lookup", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.get("/api/get_order_info", { order_id: "1e3" }), 400, ["order_id"]);
  });
});
