// The owner's controls write the setting and its audit row together; setting what is already
// set changes nothing and writes no row.
import { describe, expect, it } from "vitest";
import { listAudit } from "@/lib/audit";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { setSalesPaused, setThreshold } from "./owner-controls";
import { readPause, readThreshold } from "./owner-settings";

const OWNER = { email: "owner@x.example", ip: "203.0.113.7" };
const usd = (minor: number) => ({ minor, currency: "USD" });

describe("the owner's operations controls", () => {
  it("each change is one row with what was before; a repeat is none", async () => {
    const clock = { now: () => Date.UTC(2026, 10, 28, 10) };
    const kv = createMemoryKv({ now: clock.now });
    expect(await setThreshold({ kv, clock }, usd(25_00), OWNER)).toEqual({ changed: true });
    expect(await setThreshold({ kv, clock }, usd(25_00), OWNER)).toEqual({ changed: false });
    expect(await setSalesPaused({ kv, clock }, true, OWNER)).toEqual({ changed: true });
    expect(await setSalesPaused({ kv, clock }, true, OWNER)).toEqual({ changed: false });
    expect(await readThreshold(kv)).toEqual(usd(25_00));
    expect(await readPause(kv)).toEqual({ paused: true, by: OWNER.email, at: clock.now() });
    const rows = (await listAudit(1, { kv })).entries.reverse();
    expect(rows).toEqual([
      expect.objectContaining({ actor: OWNER.email, action: "operations.threshold_set", before: null, after: usd(25_00), ip: OWNER.ip }),
      expect.objectContaining({ actor: OWNER.email, action: "operations.sales_paused", before: { paused: false, by: null, at: 0 }, ip: OWNER.ip }),
    ]);
  });
});
