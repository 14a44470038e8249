// Duplicate protection through ext_order_id (section 3 "Duplicate protection", 4.5, section 8,
// decision 11).
import { afterEach, describe, expect, it } from "vitest";
import { P, S, V } from "./fixture";
import { asString, createHarness, expectNoOrderWithExtId, type Harness } from "./harness";
import { expectError, expectStatus } from "./shapes";

let h: Harness;
afterEach(() => h.close());

describe("a repeated ext_order_id from the same partner", () => {
  it("creates no new order and returns the existing one in the same body shape, debiting once", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const first = await client.pay({ voucher_id: V.arenaCode, ext_order_id: "Order001" });
    const again = await client.pay({ voucher_id: V.arenaCode, ext_order_id: "Order001" });
    expect(again.status).toBe(200);
    expect(Object.keys(again.body)).toEqual(Object.keys(first.body));
    expect(again.body).toEqual(first.body);
    expect(again.body.ext_order_id).toBe("Order001");
    expect(await client.balance()).toBe(990.5);
  });

  it("ignores different other parameters and returns the existing order", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const first = await client.pay({ voucher_id: V.arenaCode, ext_order_id: "Order002" });
    const other = await client.pay({ voucher_id: V.plainCode, ext_order_id: "Order002" });
    expect(other.body.order_id).toBe(first.body.order_id);
    expect(other.body.voucher_id).toBe(V.arenaCode);
    const balanceType = await client.pay({ game_id: S.wallet, account: "acc", amount: 50, ext_order_id: "Order002" });
    expect(balanceType.body.order_id).toBe(first.body.order_id);
    expect(await client.balance()).toBe(990.5);
  });

  it("returns the existing order even when the other parameters are invalid", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const first = await client.pay({ voucher_id: V.arenaCode, ext_order_id: "Order003" });
    for (const body of [
      { voucher_id: 999999, ext_order_id: "Order003" },
      { voucher_id: "abc", ext_order_id: "Order003" },
      { ext_order_id: "Order003" },
      { voucher_id: V.arenaCode, account: "not allowed for codes", ext_order_id: "Order003" },
      { voucher_id: V.offlineCode, ext_order_id: "Order003" },
    ]) {
      const res = await client.pay(body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(200);
      expect(res.body).toEqual(first.body);
    }
    expect(await client.balance()).toBe(990.5);
  });

  it("returns the existing order even when the partner could not afford a new one", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    const first = await client.pay({ voucher_id: V.arenaCode, ext_order_id: "Order004" });
    expectStatus(first.body, 2);
    expect(await client.balance()).toBe(0.5);
    const again = await client.pay({ voucher_id: V.arenaCode, ext_order_id: "Order004" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it("returns the current state: pending first, the final status later", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const first = await client.pay({ voucher_id: V.slowCode, ext_order_id: "Slow1" });
    expectStatus(first.body, 1);
    await h.time.advance(2 * 60_000);
    const again = await client.pay({ voucher_id: V.slowCode, ext_order_id: "Slow1" });
    expectStatus(again.body, 2);
    expect(again.body.order_id).toBe(first.body.order_id);
    expect(typeof again.body.voucher_code).toBe("string");
    expect(again.body).toEqual((await client.orderInfo(asString(first.body.order_id))).body);
    expect(await client.balance()).toBe(997);
  });

  it("returns a failed order as failed, without charging again", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const first = await client.pay({ voucher_id: V.declineCode, ext_order_id: "Fail1" });
    expectStatus(first.body, 3);
    const again = await client.pay({ voucher_id: V.declineCode, ext_order_id: "Fail1" });
    expect(again.body).toEqual(first.body);
    expect(await client.balance()).toBe(1000);
  });

  it("returns a reservation's current state, for a balance order too", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const reserved = await client.pay({ voucher_id: V.arenaCode, request: 1, ext_order_id: "Res1" });
    expectStatus(reserved.body, 6);
    expect((await client.pay({ voucher_id: V.arenaCode, request: 1, ext_order_id: "Res1" })).body).toEqual(reserved.body);
    await client.orderUpdate(asString(reserved.body.order_id), 2);
    const after = await client.pay({ voucher_id: V.arenaCode, request: 1, ext_order_id: "Res1" });
    expectStatus(after.body, 2);
    expect(after.body.order_id).toBe(reserved.body.order_id);

    const topUp = await client.pay({ game_id: S.wallet, account: "acc", amount: 10, ext_order_id: "Top1" });
    const topUpAgain = await client.pay({ game_id: S.wallet, account: "acc", amount: 10, ext_order_id: "Top1" });
    expect(Object.keys(topUpAgain.body)).toEqual(Object.keys(topUp.body));
    expect(topUpAgain.body).toEqual(topUp.body);
    expect(await client.balance()).toBe(1000 - 9.5 - 9.75);
  });

  it("treats ext_order_id case-sensitively as written (abc and ABC are two orders)", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const lower = await client.pay({ voucher_id: V.arenaCode, ext_order_id: "abc" });
    const upper = await client.pay({ voucher_id: V.arenaCode, ext_order_id: "ABC" });
    expect(upper.body.order_id).not.toBe(lower.body.order_id);
    expect(upper.body.ext_order_id).toBe("ABC");
  });
});

describe("ext_order_id across partners and at the same time", () => {
  it("the same ext_order_id from another partner is an independent order", async () => {
    h = createHarness();
    const main = await h.as(P.main);
    const other = await h.as(P.other);
    const a = await main.pay({ voucher_id: V.arenaCode, ext_order_id: "Shared9" });
    const b = await other.pay({ voucher_id: V.plainCode, ext_order_id: "Shared9" });
    expect(b.body.order_id).not.toBe(a.body.order_id);
    expect(b.body.voucher_id).toBe(V.plainCode);
    expect(await main.balance()).toBe(990.5);
    expect(await other.balance()).toBe(980);
  });

  it("concurrent first calls create one order and debit once", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => client.pay({ voucher_id: V.arenaCode, ext_order_id: "Race7" })),
    );
    const ids = new Set(results.map((r) => r.body.order_id));
    expect(ids.size).toBe(1);
    for (const r of results) expect(r.status).toBe(200);
    expect(await client.balance()).toBe(990.5);
  });

  it("concurrent first calls of a slow order create one order", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => client.pay({ voucher_id: V.slowCode, ext_order_id: "Race8" })),
    );
    expect(new Set(results.map((r) => r.body.order_id)).size).toBe(1);
    expect(await client.balance()).toBe(997);
  });
});

describe("ext_order_id validation (decision 11)", () => {
  it("accepts exactly 128 letters and digits and returns it", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const ext = "aB3".repeat(42) + "Z9";
    expect(ext).toHaveLength(128);
    const res = await client.pay({ voucher_id: V.arenaCode, ext_order_id: ext });
    expectStatus(res.body, 2);
    expect(res.body.ext_order_id).toBe(ext);
  });

  it("accepts digits only and letters only", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expect((await client.pay({ voucher_id: V.arenaCode, ext_order_id: "0012345" })).body.ext_order_id).toBe("0012345");
    expect((await client.pay({ voucher_id: V.arenaCode, ext_order_id: "letters" })).body.ext_order_id).toBe("letters");
  });

  it.each([
    ["129 characters", "a".repeat(129)],
    ["empty", ""],
    ["a hyphen", "order-1"],
    ["an underscore", "order_1"],
    ["a space", "order 1"],
    ["a dot", "order.1"],
    ["a non-ASCII letter", "ordér1"],
    ["a non-ASCII digit", "order١"],
    ["a trailing newline", "order1\n"],
  ])("400 naming ext_order_id for %s, no order, no debit", async (_name, ext) => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.pay({ voucher_id: V.arenaCode, ext_order_id: ext }), 400, ["ext_order_id"]);
    expect(await client.balance()).toBe(1000);
  });

  it.each([[12345], [true], [{ id: "a" }], [["a"]]])("400 naming ext_order_id when it is %j (must be a string)", async (ext) => {
    h = createHarness();
    const client = await h.as(P.main);
    expectError(await client.pay({ voucher_id: V.arenaCode, ext_order_id: ext }), 400, ["ext_order_id"]);
    expect(await client.balance()).toBe(1000);
    await expectNoOrderWithExtId(client, "12345", V.plainCode);
  });

  it("an invalid ext_order_id is rejected even when a valid prefix already names an order", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const base = "a".repeat(128);
    await client.pay({ voucher_id: V.arenaCode, ext_order_id: base });
    expectError(await client.pay({ voucher_id: V.arenaCode, ext_order_id: `${base}a` }), 400, ["ext_order_id"]);
    expect(await client.balance()).toBe(990.5);
  });
});
