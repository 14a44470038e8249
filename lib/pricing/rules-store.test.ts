import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";
import { currentRules } from "./current-rules";
import { RULES_KEYS } from "./rules-keys";
import { listRulesHistory, loadCurrentRules, restoreRules, saveRules, type RulesStoreDeps } from "./rules-store";

const settings = { storeCurrency: "USD", exchangeRates: { EUR: "1.08" }, markupPercent: "10" };
let temp: TempKv;
let now = 1_000;
let deps: RulesStoreDeps;

beforeEach(() => {
  temp = openTempKv();
  now = 1_000;
  deps = { kv: temp.kv, upstream: "up1", clock: { now: () => now }, settings };
});
afterEach(() => temp.remove());

const edit = (markupPercent: string) => ({ ...settings, storeCurrency: "USD", rates: { EUR: { rate: "1.08", setAt: 1_000 } }, global: { markupPercent } });

describe("the rules in KV", () => {
  it("makes version 1 from the settings on first read, once, however many instances start together", async () => {
    const instances = Array.from({ length: 8 }, (_, i) => ({ ...deps, clock: { now: () => 1_000 + i } }));
    const sets = await Promise.all(instances.map((d) => loadCurrentRules(d)));
    expect(new Set(sets.map((s) => s.version))).toEqual(new Set([1]));
    const history = await listRulesHistory(deps, { count: 10 });
    expect(history).toHaveLength(1);
    // Every instance ends up with the one stored copy, whichever wrote it.
    const stored = await loadCurrentRules(deps);
    expect(stored).toMatchObject({ version: 1, savedBy: "settings", global: { markupPercent: "10" }, rates: { EUR: { rate: "1.08" } } });
    // Later, the settings are only defaults: a changed setting does not touch the stored version.
    expect(await loadCurrentRules({ ...deps, settings: { ...settings, markupPercent: "50" } })).toMatchObject({ global: { markupPercent: "10" } });
  });

  it("saves a new version only over the version it was edited from", async () => {
    await loadCurrentRules(deps);
    now = 2_000;
    const [a, b] = await Promise.all([
      saveRules(deps, { expectedVersion: 1, content: edit("12"), savedBy: "ann@example.com", note: "brand push" }),
      saveRules(deps, { expectedVersion: 1, content: edit("14"), savedBy: "bob@example.com" }),
    ]);
    const results = [a, b];
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: "conflict", currentVersion: 2 } });
    const current = await loadCurrentRules(deps);
    expect(current).toMatchObject({ version: 2, savedAt: 2_000 });
    expect(["12", "14"]).toContain(current.global.markupPercent);
  });

  it("refuses invalid content, naming the field, and changes nothing", async () => {
    await loadCurrentRules(deps);
    const refused = await saveRules(deps, { expectedVersion: 1, content: { ...edit("abc") }, savedBy: "ann@example.com" });
    expect(refused).toMatchObject({ ok: false, error: { code: "invalid", issues: [{ path: "global.markupPercent" }] } });
    expect((await loadCurrentRules(deps)).version).toBe(1);
  });

  it("restores an earlier version as a new one, keeping the history", async () => {
    await loadCurrentRules(deps);
    await saveRules(deps, { expectedVersion: 1, content: edit("25"), savedBy: "ann@example.com" });
    now = 3_000;
    const restored = await restoreRules(deps, { version: 1, expectedVersion: 2, savedBy: "bob@example.com" });
    expect(restored).toMatchObject({ ok: true, value: { version: 3, restoredFrom: 1, savedBy: "bob@example.com", note: "", global: { markupPercent: "10" } } });
    expect((await listRulesHistory(deps, { count: 10 })).map((v) => [v.version, v.savedBy])).toEqual([
      [3, "bob@example.com"],
      [2, "ann@example.com"],
      [1, "settings"],
    ]);
    expect(await restoreRules(deps, { version: 9, expectedVersion: 3, savedBy: "bob@example.com" })).toMatchObject({ ok: false, error: { code: "not_found" } });
    now = 4_000;
    expect(await restoreRules(deps, { version: 1, expectedVersion: 2, savedBy: "bob@example.com" })).toMatchObject({ ok: false, error: { code: "conflict", currentVersion: 3 } });
  });

  it("answers a save whose reply was lost as saved, not as a conflict with itself", async () => {
    await loadCurrentRules(deps);
    let dropped = false;
    const lossy: Kv = {
      ...temp.kv,
      run: async (script, input) => {
        const reply = await temp.kv.run(script, input);
        if (!dropped) {
          dropped = true;
          throw new KvError("reply_lost", "reply lost");
        }
        return reply;
      },
    };
    expect(await saveRules({ ...deps, kv: lossy }, { expectedVersion: 1, content: edit("12"), savedBy: "ann@example.com" })).toMatchObject({ ok: true, value: { version: 2 } });
  });

  it("shows a save on the next read of every instance, reading one small key when nothing changed", async () => {
    const other = { ...deps };
    expect((await currentRules(deps)).version).toBe(1);
    await saveRules(other, { expectedVersion: 1, content: edit("30"), savedBy: "ann@example.com" });
    const rules = await currentRules(deps);
    expect(rules.version).toBe(2);
    const reads: string[] = [];
    const counting: Kv = { ...temp.kv, get: (key) => (reads.push(key), temp.kv.get(key)) };
    expect(await currentRules({ ...deps, kv: counting })).toBe(rules);
    expect(reads).toEqual([RULES_KEYS.current("up1")]);
  });
});
