import { describe, expect, it } from "vitest";
import { convertAmountCaps } from "./caps-currency";
import { DEFAULT_FRAUD_RULES } from "./fraud-rules";

describe("the amount caps in another currency", () => {
  it("converts every amount cap at the rate, rounded down, and leaves the order counts alone", () => {
    const rules = { ...DEFAULT_FRAUD_RULES, firstHourAmount: 150, ipDayAmount: 3_000 };
    // 150.75 yen to the dollar.
    const yen = convertAmountCaps(rules, { n: 15_075n, d: 100n });
    expect(yen).toMatchObject({ firstHourAmount: 22_612, ipDayAmount: 452_250, firstHourOrders: rules.firstHourOrders, breakerDeclines: rules.breakerDeclines });
    // 0.307 dinar to the dollar: $150 is 46.05 dinars, a cap of 46.
    expect(convertAmountCaps(rules, { n: 307n, d: 1_000n }).firstHourAmount).toBe(46);
  });

  it("keeps a cap that is off off, one that is on at least 1, and none above the schema's ceiling", () => {
    const rules = { ...DEFAULT_FRAUD_RULES, emailHourAmount: 0, firstHourAmount: 1, ipDayAmount: 9_000_000 };
    const converted = convertAmountCaps(rules, { n: 67n, d: 10_000n });
    expect(converted).toMatchObject({ emailHourAmount: 0, firstHourAmount: 1 });
    expect(convertAmountCaps(rules, { n: 150n, d: 1n }).ipDayAmount).toBe(10_000_000);
  });
});
