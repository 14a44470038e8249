// The fixture's timing and test-mode settings drive the sandbox (docs/sandbox-fixture.md,
// docs/partner-api-decisions.md items 12, 14, 16, 18): a second fixture with other values than the suite's
// default one.
import { afterEach, describe, expect, it } from "vitest";
import { fixtureSchema } from "@/lib/sandbox/fixture/schema";
import { conformanceFixtureJson, P, V } from "./fixture";
import { asString, createHarness, type Harness } from "./harness";
import { expectStatus } from "./shapes";

let h: Harness;
afterEach(() => h.close());

const SECOND = 1000;

function customHarness() {
  const json = {
    ...structuredClone(conformanceFixtureJson),
    test_account_word: "otherword",
    sync_wait_seconds: 5,
    reservation_ttl_seconds: 120,
    notify_retry_delays_seconds: [2, 4],
  };
  return createHarness({ fixture: fixtureSchema.parse(json) });
}

describe("fixture settings", () => {
  it("sync_wait_seconds bounds the wait of /api/pay (decision 14)", async () => {
    h = customHarness();
    const client = await h.as(P.main);
    const start = h.time.now();
    const res = await client.pay({ voucher_id: V.mediumCode });
    const waited = h.time.now() - start;
    expectStatus(res.body, 1);
    expect(waited).toBeGreaterThanOrEqual(5 * SECOND);
    expect(waited).toBeLessThanOrEqual(7 * SECOND);
    await h.time.advance(30 * SECOND);
    expectStatus((await client.orderInfo(asString(res.body.order_id))).body, 2);
  });

  it("reservation_ttl_seconds sets the reservation deadline (decision 12)", async () => {
    h = customHarness();
    const client = await h.as(P.main);
    const reservedAt = h.time.now();
    const orderId = asString((await client.pay({ voucher_id: V.arenaCode, request: 1 })).body.order_id);
    await h.time.advance(reservedAt + 118 * SECOND - h.time.now());
    expectStatus((await client.orderInfo(orderId)).body, 6);
    await h.time.advance(reservedAt + 122 * SECOND - h.time.now());
    const expired = await client.orderInfo(orderId);
    expectStatus(expired.body, 3);
    expect(expired.body.error_text).toBe("reservation expired");
  });

  it("notify_retry_delays_seconds sets the retries (decision 18)", async () => {
    h = customHarness();
    h.notify.script = (call) => (call.body.order_status === 1 ? 500 : 200);
    const client = await h.as(P.hooked);
    const orderId = asString((await client.pay({ voucher_id: V.arenaCode })).body.order_id);
    await h.time.advance(60 * SECOND);
    const calls = h.notify.forOrder(orderId);
    expect(calls.map((c) => c.body.order_status)).toEqual([1, 1, 1, 2]);
    const t0 = calls[0]?.at ?? 0;
    expect(calls.map((c) => c.at - t0).slice(0, 3)).toEqual([0, 2 * SECOND, 6 * SECOND]);
  });

  it("test_account_word is the fixture's (decision 16)", async () => {
    h = customHarness();
    const client = await h.as(P.main);
    expectStatus((await client.pay({ voucher_id: V.skyDirect, account: "otherword", test: 1 })).body, 2);
    expectStatus((await client.pay({ voucher_id: V.skyDirect, account: "conformtest", test: 1 })).body, 3);
    expectStatus((await client.pay({ voucher_id: V.skyDirect, account: "77778888", test: 1 })).body, 2);
    expect(await client.balance()).toBe(1000);
  });
});
