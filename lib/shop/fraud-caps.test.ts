// The fraud screen's amount caps across a change of the store currency (decisions 215–217):
// however the change's writes go, a checkout is screened against the caps in the units the
// owner meant, never the old currency's numbers read as the new one's.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_FRAUD_RULES } from "@/lib/fraud/fraud-rules";
import { FRAUD_KEYS } from "@/lib/fraud/fraud-keys";
import { kvBlocklist } from "@/lib/fraud/kv-blocklist";
import { listRefusals } from "@/lib/fraud/refusal-log";
import { saveFraudRules } from "@/lib/fraud/rules-store";
import { checkoutScreening } from "@/lib/fraud/screen-checkout";
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import type { Money } from "@/lib/money";
import { changeStoreCurrency } from "@/lib/pricing/change-store-currency";
import { loadCurrentRules, type RulesStoreDeps } from "@/lib/pricing/rules-store";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";
import { screeningCaps } from "./fraud-caps";
import { restoreRulesAsOwner, saveRulesAsOwner } from "./pricing-admin";

const HOUR = 3_600_000;
const owner = { email: "owner@example.com", ip: "203.0.113.9" };
let temp: TempKv;
let now: number;

beforeEach(() => {
  now = 1_000 * HOUR;
  temp = openTempKv(() => now);
});
afterEach(() => temp.remove());

/** The store, except that nothing may write the fraud rules: a currency change's caps write would fail there. */
function fraudRulesUnwritable(kv: Kv): Kv {
  const refuse = (): never => {
    throw new KvError("unavailable", "the fraud rules cannot be written");
  };
  const writes: Pick<Kv, "set" | "setIfAbsent" | "run"> = {
    set: (key, value, options) => (key === FRAUD_KEYS.rules ? refuse() : kv.set(key, value, options)),
    setIfAbsent: (key, value, options) => (key === FRAUD_KEYS.rules ? refuse() : kv.setIfAbsent(key, value, options)),
    run: (script, input) => (Object.values(input.keys).includes(FRAUD_KEYS.rules) ? refuse() : kv.run(script, input)),
  };
  return new Proxy(kv, {
    get(target, name) {
      if (name === "set" || name === "setIfAbsent" || name === "run") return writes[name];
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function rulesDeps(kv: Kv, storeCurrency: string, exchangeRates: Record<string, string>): RulesStoreDeps {
  return { kv, upstream: "u", clock: { now: () => now }, settings: { storeCurrency, exchangeRates, markupPercent: "10" } };
}

/** A first buyer's checkout at `price`, screened as the shop wires screening (lib/shop/fraud.ts), without a bot check. */
async function screen(deps: RulesStoreDeps, price: Money, email: string): Promise<"taken" | string> {
  const screening = checkoutScreening({ kv: deps.kv, clock: deps.clock, blocklist: kvBlocklist(deps.kv), ...screeningCaps(deps), botCheck: null, clientIp: () => null, clientCountry: () => null });
  const judged = await screening.begin(new Request("https://shop.test/api/checkout", { method: "POST" }), { email }).judge(price);
  const counted = judged.ok ? await judged.value() : judged;
  if (counted.ok) return "taken";
  return (await listRefusals(deps.kv, 1))[0]?.rule ?? counted.error.code;
}

async function changeCurrency(deps: RulesStoreDeps, to: string, rates: Record<string, string>): Promise<void> {
  const rules = await loadCurrentRules(deps);
  const changed = changeStoreCurrency(rules, [rules.storeCurrency], { to, rates, now });
  if (!changed.ok) throw new Error(changed.error.message);
  // Today's second write may fail; what matters is what buyers meet afterwards.
  await saveRulesAsOwner(deps, { expectedVersion: rules.version, content: changed.value }, owner).catch(() => undefined);
}

describe("the fraud amount caps across a change of store currency", () => {
  it("a change from dollars to yen whose caps write fails still takes a normal yen order", async () => {
    const deps = rulesDeps(fraudRulesUnwritable(temp.kv), "USD", { EUR: "1.08" });
    await changeCurrency(deps, "JPY", { USD: "150", EUR: "162" });
    expect((await loadCurrentRules(deps)).storeCurrency).toBe("JPY");
    // A first buyer's cap of $150 an hour is ¥22,500 at the owner's rate, not ¥150.
    expect(await screen(deps, { minor: 1_617, currency: "JPY" }, "a@example.com")).toBe("taken");
    expect(await screen(deps, { minor: 22_500, currency: "JPY" }, "b@example.com")).toBe("taken");
    expect(await screen(deps, { minor: 22_501, currency: "JPY" }, "c@example.com")).toBe("firstHourAmount");
  });

  it("a change from yen to dollars whose caps write fails does not let ¥150's cap pass $100", async () => {
    const deps = rulesDeps(fraudRulesUnwritable(temp.kv), "JPY", { USD: "150" });
    await changeCurrency(deps, "USD", { JPY: "0.0067" });
    expect((await loadCurrentRules(deps)).storeCurrency).toBe("USD");
    // ¥150 is $1.005: the cap is $1, rounded down, never the $150 the old number would read as.
    expect(await screen(deps, { minor: 10_000, currency: "USD" }, "a@example.com")).toBe("firstHourAmount");
    expect(await screen(deps, { minor: 100, currency: "USD" }, "b@example.com")).toBe("taken");
  });

  it("caps the owner saved in yen are screened in dollars after a restore, at the newest rate between the two", async () => {
    const deps = rulesDeps(temp.kv, "USD", { EUR: "1.08" });
    await changeCurrency(deps, "JPY", { USD: "150", EUR: "162" });
    now += HOUR;
    expect(await saveFraudRules(deps, { expectedVersion: 0, rules: { ...DEFAULT_FRAUD_RULES, firstHourAmount: 30_000, firstDayAmount: 60_000 }, savedBy: owner.email, currency: "JPY" })).toMatchObject({ ok: true });
    // Version 1 has no rate for the yen; version 2 sells in yen at 150 to the dollar: ¥30,000 is $200.
    expect(await restoreRulesAsOwner(deps, { version: 1, expectedVersion: 2 }, owner)).toMatchObject({ ok: true, value: { storeCurrency: "USD" } });
    expect(await screen(deps, { minor: 20_000, currency: "USD" }, "a@example.com")).toBe("taken");
    expect(await screen(deps, { minor: 20_001, currency: "USD" }, "b@example.com")).toBe("firstHourAmount");
  });

  it("reads a record saved before caps named their currency in the store currency of its day", async () => {
    const deps = rulesDeps(temp.kv, "USD", { EUR: "1.08" });
    await loadCurrentRules(deps);
    now += HOUR;
    // As an earlier release stored it: no currency, written while the shop sold in dollars.
    const legacy = { version: 1, savedAt: now, savedBy: owner.email, rules: { ...DEFAULT_FRAUD_RULES, firstHourAmount: 100 } };
    await temp.kv.set(FRAUD_KEYS.rules, JSON.stringify(legacy));
    now += HOUR;
    await changeCurrency(deps, "JPY", { USD: "150", EUR: "162" });
    expect(await screen(deps, { minor: 15_000, currency: "JPY" }, "a@example.com")).toBe("taken");
    expect(await screen(deps, { minor: 15_001, currency: "JPY" }, "b@example.com")).toBe("firstHourAmount");
  });
});
