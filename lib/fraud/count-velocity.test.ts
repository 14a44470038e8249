import { describe, expect, it } from "vitest";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { countVelocity, markCustomer, type VelocitySubject } from "./count-velocity";
import { DEFAULT_FRAUD_RULES, type FraudRules } from "./fraud-rules";

const HOUR = 3_600_000;
const usd = (minor: number) => ({ minor, currency: "USD" });

function setup(rules: Partial<FraudRules> = {}) {
  let now = 10 * 24 * HOUR;
  const kv = createMemoryKv({ now: () => now });
  const deps = { kv, clock: { now: () => now } };
  const all = { ...DEFAULT_FRAUD_RULES, ...rules };
  let n = 0;
  const count = (subject: Partial<VelocitySubject> = {}) =>
    countVelocity(deps, all, { email: "buyer@shop.test", ip: null, account: null, amount: usd(1_000), token: `t${(n += 1)}`, ...subject });
  return { kv, count, advance: (ms: number) => (now += ms) };
}

describe("countVelocity", () => {
  it("holds a first purchase to the lower cap, and an email with a completed order to the higher", async () => {
    const { kv, count } = setup({ firstHourOrders: 2, emailHourOrders: 3 });
    expect([await count(), await count(), await count()]).toEqual(["ok", "ok", "firstHourOrders"]);
    await markCustomer(kv, "Buyer@shop.test");
    // The refused one counted nowhere: two so far, one more fits.
    expect([await count(), await count()]).toEqual(["ok", "emailHourOrders"]);
  });

  it("caps the amount per hour in whole units of the currency", async () => {
    const { count } = setup({ firstHourAmount: 25 });
    expect(await count({ amount: usd(2_000) })).toBe("ok");
    expect(await count({ amount: usd(600) })).toBe("firstHourAmount");
    expect(await count({ amount: usd(500) })).toBe("ok");
  });

  it("starts a new hour window but keeps the day's", async () => {
    const { count, advance } = setup({ firstHourOrders: 1, firstDayOrders: 2 });
    expect(await count()).toBe("ok");
    expect(await count()).toBe("firstHourOrders");
    advance(HOUR);
    expect(await count()).toBe("ok");
    advance(HOUR);
    expect(await count()).toBe("firstDayOrders");
  });

  it("counts per client address and per account across emails, and skips an unknown address", async () => {
    const { count } = setup({ ipHourOrders: 1, accountHourOrders: 1 });
    expect(await count({ email: "a@shop.test", ip: "203.0.113.1" })).toBe("ok");
    expect(await count({ email: "b@shop.test", ip: "203.0.113.1" })).toBe("ipHourOrders");
    expect(await count({ email: "c@shop.test", ip: null })).toBe("ok");
    expect(await count({ email: "d@shop.test", account: "player-1" })).toBe("ok");
    expect(await count({ email: "e@shop.test", account: "player-1" })).toBe("accountHourOrders");
  });

  it("switches a cap off at 0", async () => {
    const { count } = setup({ firstHourOrders: 0, firstDayOrders: 0 });
    for (let i = 0; i < 8; i += 1) expect(await count()).toBe("ok");
  });

  it("refuses a token it accepted once", async () => {
    const { count } = setup();
    expect(await count({ token: "same" })).toBe("ok");
    expect(await count({ token: "same" })).toBe("token_reused");
    expect(await count({ token: null })).toBe("ok");
  });
});
