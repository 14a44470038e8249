// Velocity holds under concurrent checkouts on every KV driver: however many checkouts of one
// email, address and account race, exactly as many pass as the tightest cap has room for, the
// stored count says so, and a refused checkout counts nowhere. Also the blocklist's scripts on
// each driver.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countVelocity, withdrawVelocity } from "@/lib/fraud/count-velocity";
import { DEFAULT_FRAUD_RULES, type FraudRules } from "@/lib/fraud/fraud-rules";
import { kvBlocklist } from "@/lib/fraud/kv-blocklist";
import { driversForFile } from "../kv/drivers";

const { drivers, track } = await driversForFile();
const OFF: Partial<FraudRules> = Object.fromEntries(Object.keys(DEFAULT_FRAUD_RULES).filter((name) => /(Orders|Amount)$/.test(name)).map((name) => [name, 0]));
let run = 0;

describe.each(drivers)("velocity on $name", ({ name, skipReason, open }) => {
  if (skipReason) {
    it.skip(`${name}: ${skipReason}`, () => undefined);
    return;
  }

  it("lets exactly as many concurrent checkouts through as the caps have room for", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom("first", "ip", "account"),
        async (buyers, orderCap, amountCapUnits, subject) => {
          run += 1;
          const kv = track(open(`velocity-${name}-${run}:`));
          const rules = { ...DEFAULT_FRAUD_RULES, ...OFF, [`${subject}HourOrders`]: orderCap, [`${subject}DayAmount`]: amountCapUnits } as FraudRules;
          const clock = { now: () => 1_700_000_000_000 };
          // Each order is 2.50: the amount cap has room for floor(cap / 2.5) of them.
          const verdicts = await Promise.all(
            Array.from({ length: buyers }, (_, i) =>
              countVelocity({ kv, clock }, rules, {
                email: subject === "first" ? "same@shop.test" : `buyer-${i}@shop.test`,
                ip: subject === "ip" ? "203.0.113.9" : null,
                account: subject === "account" ? "player-1" : null,
                amount: { minor: 250, currency: "USD" },
                token: `token-${run}-${i}`,
              }),
            ),
          );
          const room = Math.min(orderCap, Math.floor((amountCapUnits * 100) / 250));
          const passed = verdicts.filter((verdict) => verdict === "ok").length;
          expect(passed).toBe(Math.min(buyers, room));
          for (const verdict of verdicts.filter((v) => v !== "ok")) expect(verdict).toMatch(new RegExp(`^${subject}(HourOrders|DayAmount)$`));
        },
      ),
      { numRuns: name === "embedded" || name === "memory" ? 25 : 10 },
    );
  });

  it("gives a withdrawn checkout's room back, in every window it was counted in, and never below nothing", async () => {
    const kv = track(open(`velocity-withdraw-${name}:`));
    const rules = { ...DEFAULT_FRAUD_RULES, ...OFF, firstHourOrders: 2, ipDayAmount: 5 } as FraudRules;
    const clock = { now: () => 1_700_000_000_000 };
    const subject = { email: "same@shop.test", ip: "203.0.113.9", account: null, amount: { minor: 250, currency: "USD" } };
    const count = (n: number) => countVelocity({ kv, clock }, rules, { ...subject, token: `withdraw-${n}` });
    expect([await count(1), await count(2), await count(3)]).toEqual(["ok", "ok", "firstHourOrders"]);
    await withdrawVelocity(kv, subject, clock.now());
    expect(await count(4)).toBe("ok");
    // Both counted ones withdrawn, and once more: the windows are empty, not negative.
    await Promise.all([withdrawVelocity(kv, subject, clock.now()), withdrawVelocity(kv, subject, clock.now()), withdrawVelocity(kv, subject, clock.now())]);
    expect([await count(5), await count(6), await count(7)]).toEqual(["ok", "ok", "firstHourOrders"]);
  });

  it("adds, matches and removes blocklist entries", async () => {
    const list = kvBlocklist(track(open(`blocklist-${name}:`)));
    await Promise.all([
      list.block({ kind: "ip", value: "203.0.113.0/24", reason: "first", by: "a", at: 1 }),
      list.block({ kind: "ip", value: "203.0.113.0/24", reason: "second", by: "b", at: 2 }),
    ]);
    expect(await list.list()).toHaveLength(1);
    expect(await list.match({ ip: "203.0.113.77" })).toMatchObject({ kind: "ip", value: "203.0.113.0/24" });
    await list.unblock("ip", "203.0.113.0/24");
    expect(await list.match({ ip: "203.0.113.77" })).toBeNull();
    expect(await list.list()).toEqual([]);
  });
});
