// The low-balance guard's hold on every KV driver: the check and the count are one atomic step,
// so concurrent checkouts from several instances never hold more than the balance above the
// threshold covers; a hold is let go once, as spend (upstream took the cost) or released (the
// order ended without that), however often either is repeated.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { OPS_KEYS } from "@/lib/operations/keys";
import { recordUpstreamSpend } from "@/lib/operations/partner-balance";
import { holdSale, releaseSaleHold } from "@/lib/operations/sale-hold";
import { driversForFile } from "../kv/drivers";
import { race } from "../kv/helpers";

const { drivers, track } = await driversForFile();

const UPSTREAM = "hold-test";
const FETCHED_AT = 1_800_000_000_000;
const SPENT = OPS_KEYS.spent(UPSTREAM, FETCHED_AT, "USD");
const usd = (minor: number) => ({ minor, currency: "USD" });
const request = (orderId: string, minor: number) => ({ orderId, cost: usd(minor), balanceMinor: 1_000, spentKey: SPENT, floorMinor: 100 });

describe.each(drivers)("sale holds: $name", ({ name, skipReason, open }) => {
  if (skipReason) {
    it.skip(`${name}: ${skipReason}`, () => undefined);
    return;
  }
  function store(): { kv: Kv; another: () => Kv } {
    const prefix = `${randomUUID()}:`;
    return { kv: track(open(prefix)), another: () => track(open(prefix)) };
  }
  const figure = async (kv: Kv, key: string) => Number((await kv.get(key)) ?? 0);
  const held = (kv: Kv) => figure(kv, OPS_KEYS.held(UPSTREAM, "USD"));

  it("lets through from concurrent checkouts on three instances only what the balance above the threshold covers", async () => {
    const { kv, another } = store();
    await kv.set(SPENT, "100");
    // 1000 − 100 spent − 100 kept back = 800: four at 1.98, not five.
    const answers = await race([kv, another(), another()], 10, (client, i) => holdSale({ kv: client, upstream: UPSTREAM }, request(`order-${i}`, 198)));
    expect(answers.filter((a) => a.accepted)).toHaveLength(4);
    expect(await held(kv)).toBe(4 * 198);
    const refused = answers.find((a) => !a.accepted);
    expect(refused?.ceilingMinor).toBe(800 - 4 * 198);
  });

  it("holds an order once however often its check is repeated", async () => {
    const { kv } = store();
    for (let i = 0; i < 3; i += 1) expect((await holdSale({ kv, upstream: UPSTREAM }, request("order-1", 500))).accepted).toBe(true);
    expect(await held(kv)).toBe(500);
    expect(await holdSale({ kv, upstream: UPSTREAM }, request("order-2", 401))).toEqual({ accepted: false, ceilingMinor: 400 });
  });

  it("moves a hold to the spend when upstream takes the cost, and releases another's once", async () => {
    const { kv } = store();
    await kv.set(OPS_KEYS.balance(UPSTREAM), JSON.stringify({ value: usd(1_000), fetchedAt: FETCHED_AT }));
    const deps = { kv, upstream: UPSTREAM };
    await holdSale(deps, request("order-1", 198));
    await holdSale(deps, request("order-2", 250));
    const spend = { orderId: "order-1", charged: usd(198), heldCurrency: "USD" };
    await recordUpstreamSpend(deps, spend);
    await recordUpstreamSpend(deps, spend);
    expect([await figure(kv, SPENT), await held(kv)]).toEqual([198, 250]);
    expect(await releaseSaleHold(deps, "order-2", "USD")).toBe(true);
    expect(await releaseSaleHold(deps, "order-2", "USD")).toBe(false);
    expect(await releaseSaleHold(deps, "order-1", "USD")).toBe(false);
    expect([await figure(kv, SPENT), await held(kv)]).toEqual([198, 0]);
  });
});
