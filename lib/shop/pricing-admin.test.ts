import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listAudit } from "@/lib/audit";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";
import { loadRulesForEditor, previewRules, restoreRulesAsOwner, rulesHistory, saveRulesAsOwner } from "./pricing-admin";
import type { RulesStoreDeps } from "@/lib/pricing/rules-store";
import { changeStoreCurrency } from "@/lib/pricing/change-store-currency";
import { DEFAULT_FRAUD_RULES } from "@/lib/fraud/fraud-rules";
import { loadFraudRules, saveFraudRules } from "@/lib/fraud/rules-store";

const HOUR = 3_600_000;
let temp: TempKv;
let now: number;
let deps: RulesStoreDeps;
const owner = { email: "owner@example.com", ip: "203.0.113.9" };

beforeEach(() => {
  temp = openTempKv();
  now = 1_000 * HOUR;
  deps = { kv: temp.kv, upstream: "u", clock: { now: () => now }, settings: { storeCurrency: "USD", exchangeRates: { EUR: "1.08", JPY: "0.0067" }, markupPercent: "10" } };
});
afterEach(() => temp.remove());

describe("the price editor's calls", () => {
  it("loads the current rules and warns about rates older than the setting", async () => {
    expect(await loadRulesForEditor(deps, 24)).toMatchObject({ rules: { version: 1 }, staleRates: [] });
    now += 30 * HOUR;
    const loaded = await loadRulesForEditor(deps, 24);
    expect(loaded.staleRates.map((rate) => [rate.currency, rate.ageHours])).toEqual([
      ["EUR", 30],
      ["JPY", 30],
    ]);
  });

  it("saves and restores with an audit row each, before and after", async () => {
    const { rules } = await loadRulesForEditor(deps, 24);
    const content = { ...rules, global: { ...rules.global, markupPercent: "15" } };
    const saved = await saveRulesAsOwner(deps, { expectedVersion: 1, content, note: "summer" }, owner);
    expect(saved).toMatchObject({ ok: true, value: { version: 2, savedBy: "owner@example.com", note: "summer" } });
    const restored = await restoreRulesAsOwner(deps, { version: 1, expectedVersion: 2 }, owner);
    expect(restored).toMatchObject({ ok: true, value: { version: 3, restoredFrom: 1 } });
    const audit = await listAudit(1, { kv: temp.kv });
    expect(audit.entries.map((e) => [e.action, e.target, e.actor, e.ip])).toEqual([
      ["prices.rules_restored", "prices:v3", "owner@example.com", "203.0.113.9"],
      ["prices.rules_saved", "prices:v2", "owner@example.com", "203.0.113.9"],
    ]);
    expect(audit.entries[1]).toMatchObject({ before: { version: 1, global: { markupPercent: "10" } }, after: { version: 2, global: { markupPercent: "15" } } });
    expect((await rulesHistory(deps, { count: 5 })).map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it("audits a change of the store currency under its own action, saying what the fraud amount caps are in each", async () => {
    const { rules } = await loadRulesForEditor(deps, 24);
    const changed = changeStoreCurrency(rules, ["USD"], { to: "JPY", rates: { USD: "150", EUR: "162", JPY: "" }, now });
    if (!changed.ok) throw new Error(changed.error.message);
    expect(await saveRulesAsOwner(deps, { expectedVersion: 1, content: changed.value }, owner)).toMatchObject({ ok: true, value: { version: 2, storeCurrency: "JPY" } });
    const audit = await listAudit(1, { kv: temp.kv });
    // One row: the caps are not written again, they are read in yen from here on.
    expect(audit.entries.map((e) => e.action)).toEqual(["prices.store_currency_changed"]);
    expect(audit.entries[0]).toMatchObject({
      target: "prices:v2",
      before: { storeCurrency: "USD", fraudAmountCaps: { currency: "USD", firstHourAmount: 150, ipDayAmount: 3_000 } },
      after: { storeCurrency: "JPY", fraudAmountCaps: { currency: "JPY", firstHourAmount: 150 * 150, ipDayAmount: 3_000 * 150 } },
    });
    expect((await loadFraudRules(temp.kv)).version).toBe(0);
    // Back to dollars: the caps were never converted, so they are the owner's $150 again, not a round trip's $151.
    expect(await restoreRulesAsOwner(deps, { version: 1, expectedVersion: 2 }, owner)).toMatchObject({ ok: true, value: { storeCurrency: "USD" } });
    const restored = (await listAudit(1, { kv: temp.kv })).entries[0];
    expect(restored).toMatchObject({ action: "prices.rules_restored", after: { fraudAmountCaps: { currency: "USD", firstHourAmount: 150 } } });
  });

  it("says in the audit row when no rate relates the caps' currency to the new store currency", async () => {
    // Caps the owner set in euros; the prices never rated the euro against the yen.
    await saveFraudRules({ kv: temp.kv, clock: deps.clock }, { expectedVersion: 0, rules: DEFAULT_FRAUD_RULES, savedBy: owner.email, currency: "EUR" });
    const noEuro = { ...deps, settings: { ...deps.settings, exchangeRates: { JPY: "0.0067" } } };
    const { rules } = await loadRulesForEditor(noEuro, 24);
    const changed = changeStoreCurrency(rules, ["USD"], { to: "JPY", rates: { USD: "150" }, now });
    if (!changed.ok) throw new Error(changed.error.message);
    expect(await saveRulesAsOwner(noEuro, { expectedVersion: 1, content: changed.value }, owner)).toMatchObject({ ok: true });
    expect((await listAudit(1, { kv: temp.kv })).entries[0]).toMatchObject({ action: "prices.store_currency_changed", before: { fraudAmountCaps: null }, after: { fraudAmountCaps: null } });
  });

  it("refuses a preview of invalid rules, naming the field, before reading anything", async () => {
    const preview = await previewRules({ ...deps, catalog: undefined as never }, { storeCurrency: "USD", global: { markupPercent: "-1" } });
    expect(preview).toMatchObject({ ok: false, error: { code: "invalid", issues: [{ path: "global.markupPercent" }] } });
  });
});
