import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";
import { changeStoreCurrency } from "./change-store-currency";
import { rateBetween } from "./rate-between";
import { loadCurrentRules, restoreRules, saveRules, type RulesStoreDeps } from "./rules-store";
import { SCALE } from "./scaled-decimal";
import { storeCurrencyAt } from "./store-currency-at";

let temp: TempKv;
let now: number;
let deps: RulesStoreDeps;

beforeEach(() => {
  temp = openTempKv();
  now = 1_000;
  deps = { kv: temp.kv, upstream: "u", clock: { now: () => now }, settings: { storeCurrency: "USD", exchangeRates: { EUR: "1.08" }, markupPercent: "10" } };
});
afterEach(() => temp.remove());

/** Version 1 in dollars (at 1,000), version 2 in yen at 150 to the dollar (at 2,000), version 3 a restore of 1 (at 3,000). */
async function history(): Promise<void> {
  const first = await loadCurrentRules(deps);
  now = 2_000;
  const changed = changeStoreCurrency(first, ["USD"], { to: "JPY", rates: { USD: "150", EUR: "162" }, now });
  if (!changed.ok) throw new Error(changed.error.message);
  await saveRules(deps, { expectedVersion: 1, content: changed.value, savedBy: "owner" });
  now = 3_000;
  await restoreRules(deps, { version: 1, expectedVersion: 2, savedBy: "owner" });
}

describe("the rate between two currencies, as the prices convert", () => {
  it("takes the rules in force first, else the newest version relating the two, inverted when it sells in the other", async () => {
    await history();
    const current = await loadCurrentRules(deps);
    expect(await rateBetween(deps, current, "EUR", "USD")).toEqual({ n: 108_000_000n, d: SCALE });
    // Version 3 (dollars) has no rate for the yen; version 2 sold in yen at 150 to the dollar.
    expect(await rateBetween(deps, current, "JPY", "USD")).toEqual({ n: SCALE, d: 150n * SCALE });
    expect(await rateBetween(deps, current, "USD", "JPY")).toEqual({ n: 150n * SCALE, d: SCALE });
    expect(await rateBetween(deps, current, "GBP", "USD")).toBeNull();
    expect(await rateBetween(deps, current, "USD", "USD")).toEqual({ n: 1n, d: 1n });
  });
});

describe("the store currency at a moment", () => {
  it("is the currency of the newest version saved by then, and version 1's before every version or for the defaults", async () => {
    await history();
    expect(await storeCurrencyAt(deps, 2_500)).toBe("JPY");
    expect(await storeCurrencyAt(deps, 2_000)).toBe("JPY");
    expect(await storeCurrencyAt(deps, 1_999)).toBe("USD");
    expect(await storeCurrencyAt(deps, 3_500)).toBe("USD");
    expect(await storeCurrencyAt(deps, 10)).toBe("USD");
    expect(await storeCurrencyAt(deps, null)).toBe("USD");
  });

  it("makes version 1 from the settings when the shop has no rules yet", async () => {
    expect(await storeCurrencyAt({ ...deps, settings: { ...deps.settings, storeCurrency: "JPY" } }, null)).toBe("JPY");
  });
});
