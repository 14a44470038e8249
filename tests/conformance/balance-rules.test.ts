// Balance rules of section 3 and decisions 12, 15, 16, 17, observed only through
// GET /api/balance before and after each step.
import { afterEach, describe, expect, it } from "vitest";
import { P, S, V } from "./fixture";
import { asString, createHarness, type Harness } from "./harness";
import { expectError, expectStatus } from "./shapes";

let h: Harness;
afterEach(() => h.close());

describe("balance rules", () => {
  it("1. a successful order debits exactly amount_charged", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const b0 = await client.balance();
    const voucher = await client.pay({ voucher_id: V.arenaTwoPart });
    const b1 = await client.balance();
    expect(Math.round((b0 - b1) * 100)).toBe(Math.round(Number(voucher.body.amount_charged) * 100));
    const topUp = await client.pay({ game_id: S.wallet, account: "acc", amount: 40 });
    const b2 = await client.balance();
    expect(Math.round((b1 - b2) * 100)).toBe(Math.round(Number(topUp.body.amount_charged) * 100));
    expect(b2).toBe(1000 - 19 - 39);
  });

  it("2. a failed order retains no charge", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    expectStatus((await client.pay({ voucher_id: V.declineCode })).body, 3);
    expectStatus((await client.pay({ game_id: S.declineWallet, account: "acc", amount: 25 })).body, 3);
    expect(await client.balance()).toBe(1000);
  });

  it("3. test=1 never debits, whatever the outcome", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    await client.pay({ voucher_id: V.arenaCode, test: 1 });
    await client.pay({ voucher_id: V.skyDirect, account: "not-a-test-account", test: 1 });
    await client.pay({ game_id: S.wallet, account: "77778888", amount: 100, test: 1 });
    const reserved = await client.pay({ voucher_id: V.arenaCode, request: 1, test: 1 });
    await client.orderUpdate(asString(reserved.body.order_id), 2);
    await h.time.advance(3_600_000);
    expect(await client.balance()).toBe(1000);
  });

  it("402 on insufficient balance, leaving the balance untouched", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    expectError(await client.pay({ voucher_id: V.arenaTwoPart }), 402);
    expect(await client.balance()).toBe(10);
  });

  it("a refund after success credits amount_charged back exactly once", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    await client.pay({ voucher_id: V.refundCode });
    expect(await client.balance()).toBe(994);
    await h.time.advance(5 * 60_000);
    expect(await client.balance()).toBe(1000);
    await h.time.advance(24 * 3_600_000);
    expect(await client.balance()).toBe(1000);
  });

  it("an order ended by delivery time is refunded once", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    await client.pay({ voucher_id: V.stallCode });
    expect(await client.balance()).toBe(995);
    await h.time.advance(15 * 60_000);
    expect(await client.balance()).toBe(1000);
    await h.time.advance(24 * 3_600_000);
    expect(await client.balance()).toBe(1000);
  });

  it("a reservation is not debited until confirmed, and not at all when released or expired", async () => {
    h = createHarness();
    const client = await h.as(P.main);
    const a = asString((await client.pay({ voucher_id: V.arenaCode, request: 1 })).body.order_id);
    const b = asString((await client.pay({ voucher_id: V.arenaCode, request: 1 })).body.order_id);
    await client.pay({ voucher_id: V.arenaCode, request: 1 });
    expect(await client.balance()).toBe(1000);
    await client.orderUpdate(a, 2);
    expect(await client.balance()).toBe(990.5);
    await client.orderUpdate(b, 3);
    expect(await client.balance()).toBe(990.5);
    await h.time.advance(2 * 3_600_000);
    expect(await client.balance()).toBe(990.5);
  });

  it("402 at order_update leaves the order in 6 and the balance untouched", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    const orderId = asString((await client.pay({ voucher_id: V.arenaTwoPart, request: 1 })).body.order_id);
    expectError(await client.orderUpdate(orderId, 2), 402);
    expectStatus((await client.orderInfo(orderId)).body, 6);
    expect(await client.balance()).toBe(10);
  });

  it("concurrent orders never take the balance below zero (decision 17)", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    const results = await Promise.all([1, 2, 3].map(() => client.pay({ voucher_id: V.arenaDirect, account: "900100200" })));
    const ok = results.filter((r) => r.status === 200 && r.body.order_status === 2);
    const refused = results.filter((r) => r.status === 402);
    expect(ok).toHaveLength(2);
    expect(refused).toHaveLength(1);
    expect(await client.balance()).toBe(0.5);
  });

  it("concurrent confirmations never take the balance below zero", async () => {
    h = createHarness();
    const client = await h.as(P.poor);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(asString((await client.pay({ voucher_id: V.arenaDirect, account: "900100200", request: 1 })).body.order_id));
    const results = await Promise.all(ids.map((id) => client.orderUpdate(id, 2)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 402)).toHaveLength(1);
    expect(await client.balance()).toBe(0.5);
  });

  it("one partner's orders never touch another's balance", async () => {
    h = createHarness();
    const main = await h.as(P.main);
    const other = await h.as(P.other);
    await main.pay({ voucher_id: V.plainCode });
    expect(await other.balance()).toBe(1000);
    expect(await main.balance()).toBe(980);
  });
});
