// The versioned pricing rules on every KV driver (the save script has a Lua and an embedded
// twin): version 1 made once by instances starting together, one winner of two saves from
// the same version, and a restore, each through separate connections as separate instances.
import { describe, expect, it } from "vitest";
import { listRulesHistory, loadCurrentRules, restoreRules, saveRules, type RulesStoreDeps } from "@/lib/pricing/rules-store";
import { driversForFile } from "../kv/drivers";

const { drivers, track } = await driversForFile();

const settings = { storeCurrency: "USD", exchangeRates: { EUR: "1.08" }, markupPercent: "10" };
const content = (markupPercent: string) => ({ storeCurrency: "USD", rates: {}, global: { markupPercent } });
let run = 0;

describe.each(drivers)("pricing rules on $name", ({ name, skipReason, open }) => {
  if (skipReason) {
    it.skip(`${name}: ${skipReason}`, () => undefined);
    return;
  }
  const instances = (count: number): RulesStoreDeps[] => {
    const prefix = `pricing-${++run}-${Date.now()}:`;
    return Array.from({ length: count }, (_, i) => {
      const kv = open(prefix);
      track(kv);
      return { kv, upstream: "u", clock: { now: () => 1_000 + i }, settings };
    });
  };

  it("makes version 1 once, then lets one of two saves from it win, then restores", async () => {
    const shops = instances(6);
    const firsts = await Promise.all(shops.map((deps) => loadCurrentRules(deps)));
    expect(firsts.every((set) => set.version === 1)).toBe(true);
    expect(await listRulesHistory(shops[0]!, { count: 10 })).toHaveLength(1);

    const saves = await Promise.all(shops.slice(0, 2).map((deps, i) => saveRules(deps, { expectedVersion: 1, content: content(String(20 + i)), savedBy: `owner${i}@example.com` })));
    expect(saves.filter((s) => s.ok)).toHaveLength(1);
    expect(saves.filter((s) => !s.ok && s.error.code === "conflict")).toHaveLength(1);

    const restored = await restoreRules(shops[3]!, { version: 1, expectedVersion: 2, savedBy: "owner@example.com" });
    expect(restored).toMatchObject({ ok: true, value: { version: 3, restoredFrom: 1, global: { markupPercent: "10" } } });
    expect((await loadCurrentRules(shops[5]!)).version).toBe(3);
    expect((await listRulesHistory(shops[4]!, { count: 10 })).map((v) => v.version)).toEqual([3, 2, 1]);
  });
});
