import { describe, expect, it } from "vitest";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { FRAUD_KEYS } from "./fraud-keys";
import { DEFAULT_FRAUD_RULES } from "./fraud-rules";
import { loadFraudRules, saveFraudRules } from "./rules-store";

const clock = { now: () => 1_000 };

describe("fraud rules in KV", () => {
  it("reads the defaults as version 0 until the owner saves", async () => {
    const kv = createMemoryKv();
    expect(await loadFraudRules(kv)).toEqual({ version: 0, rules: DEFAULT_FRAUD_RULES, savedBy: null, savedAt: null, currency: null });
    expect(DEFAULT_FRAUD_RULES).toMatchObject({ firstHourOrders: 3, emailHourOrders: 5, breakerDeclines: 10, breakerAction: "challenge" });
  });

  it("saves the next version from form strings and refuses a save over a version saved meanwhile", async () => {
    const kv = createMemoryKv();
    const saved = await saveFraudRules({ kv, clock }, { expectedVersion: 0, rules: { ...DEFAULT_FRAUD_RULES, firstHourOrders: "2" }, savedBy: "owner@shop.test", currency: "USD" });
    expect(saved).toMatchObject({ ok: true, value: { version: 1, rules: { firstHourOrders: 2 } } });
    expect((await loadFraudRules(kv)).rules.firstHourOrders).toBe(2);
    const stale = await saveFraudRules({ kv, clock }, { expectedVersion: 0, rules: DEFAULT_FRAUD_RULES, savedBy: "other@shop.test", currency: "USD" });
    expect(stale).toMatchObject({ ok: false, error: { code: "conflict" } });
    const next = await saveFraudRules({ kv, clock }, { expectedVersion: 1, rules: { ...DEFAULT_FRAUD_RULES, breakerAction: "pause" }, savedBy: "owner@shop.test", currency: "USD" });
    expect(next).toMatchObject({ ok: true, value: { version: 2 } });
    expect((await loadFraudRules(kv)).rules.breakerAction).toBe("pause");
  });

  it("names the field of a bad value and changes nothing", async () => {
    const kv = createMemoryKv();
    const bad = await saveFraudRules({ kv, clock }, { expectedVersion: 0, rules: { ...DEFAULT_FRAUD_RULES, ipDayAmount: "-3" }, savedBy: "o", currency: "USD" });
    expect(bad).toMatchObject({ ok: false, error: { code: "invalid", field: "ipDayAmount", message: "expected 0 or more" } });
    expect((await loadFraudRules(kv)).version).toBe(0);
  });

  it("keeps the currency the amount caps are in, refuses one that is not a currency, and reads an older record as naming none", async () => {
    const kv = createMemoryKv();
    expect(await saveFraudRules({ kv, clock }, { expectedVersion: 0, rules: DEFAULT_FRAUD_RULES, savedBy: "o", currency: "XYZ1" })).toMatchObject({ ok: false, error: { code: "invalid", field: "currency" } });
    expect(await saveFraudRules({ kv, clock }, { expectedVersion: 0, rules: DEFAULT_FRAUD_RULES, savedBy: "o", currency: "JPY" })).toMatchObject({ ok: true, value: { currency: "JPY" } });
    expect((await loadFraudRules(kv)).currency).toBe("JPY");
    await kv.set(FRAUD_KEYS.rules, JSON.stringify({ version: 1, savedAt: 5, savedBy: "o", rules: DEFAULT_FRAUD_RULES }));
    expect(await loadFraudRules(kv)).toMatchObject({ version: 1, currency: null });
  });
});
