import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listAudit } from "@/lib/audit";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";
import { readFaceValueComparison, setFaceValueComparison } from "./face-value-setting";

let temp: TempKv;
const owner = { email: "owner@example.com", ip: "203.0.113.9" };
beforeEach(() => {
  temp = openTempKv();
});
afterEach(() => temp.remove());

describe("the owner's face-value comparison", () => {
  it("is the setting's seed until the owner saves a choice, then the choice, audited with what it was", async () => {
    const deps = { kv: temp.kv, clock: { now: () => 5 } };
    expect(await readFaceValueComparison(temp.kv, "savings")).toBe("savings");
    expect(await setFaceValueComparison(deps, "all", "savings", owner)).toEqual({ changed: true });
    expect(await readFaceValueComparison(temp.kv, "savings")).toBe("all");
    expect(await readFaceValueComparison(temp.kv, "none")).toBe("all");
    const audit = await listAudit(1, { kv: temp.kv });
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({ action: "catalogue.face_value_comparison_set", actor: owner.email, before: "savings", after: "all" });
  });

  it("changes nothing and writes no row when the choice is the one in force", async () => {
    const deps = { kv: temp.kv, clock: { now: () => 5 } };
    expect(await setFaceValueComparison(deps, "savings", "savings", owner)).toEqual({ changed: false });
    expect((await listAudit(1, { kv: temp.kv })).entries).toHaveLength(0);
  });

  it("reads a corrupt value as unset", async () => {
    await temp.kv.set("presentation:settings:face-value-comparison", '{"comparison":"loud"}');
    expect(await readFaceValueComparison(temp.kv, "none")).toBe("none");
  });
});
