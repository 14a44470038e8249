// A call's health counters on every KV driver: calls, the latency bucket and errors counted in
// their minute by one script, one call or several written together, and read back for the
// dashboard.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readHealth, recordCall, recordCalls } from "@/lib/operations/health";
import { OPS_KEYS } from "@/lib/operations/keys";
import { driversForFile } from "../kv/drivers";

const { drivers, track } = await driversForFile();

// The drivers expire keys by the real clock, so the minutes are real ones.
const now = Date.now();
const clock = { now: () => now };
const minute = Math.floor(now / 60_000);

describe.each(drivers)("health counters: $name", ({ name, skipReason, open }) => {
  if (skipReason) {
    it.skip(`${name}: ${skipReason}`, () => undefined);
    return;
  }

  it("counts calls, latency buckets and errors in the call's minute", async () => {
    const kv = open(`${randomUUID()}:`);
    track(kv);
    await recordCall(kv, clock, "upstream", { ms: 40, failed: false });
    await recordCall(kv, clock, "upstream", { ms: 40, failed: false });
    await recordCall(kv, clock, "upstream", { ms: 900, failed: true, error: "/api/pay: HTTP 503" });
    const count = async (field: string) => kv.get(OPS_KEYS.healthCount("upstream", minute, field));
    expect([await count("calls"), await count("b0"), await count("b5"), await count("errors")]).toEqual(["3", "2", "1", "1"]);
    expect(await readHealth(kv, clock, "upstream")).toMatchObject({ calls: 3, errors: 1, lastError: { at: now, message: "/api/pay: HTTP 503" } });
    expect(await readHealth(kv, clock, "payments")).toMatchObject({ calls: 0, errors: 0 });
  });

  it("counts calls written together as it counts them one by one, the latency past a minute's 2,000th call left out", async () => {
    const kv = open(`${randomUUID()}:`);
    track(kv);
    const count = async (field: string) => kv.get(OPS_KEYS.healthCount("payments", minute, field));
    await recordCalls(kv, "payments", [
      { ms: 20, failed: false, at: now },
      { ms: 30, failed: false, at: now },
      { ms: 900, failed: true, error: "POST /v1/refunds: HTTP 500", at: now },
      { ms: 40, failed: false, at: now - 60_000 },
    ]);
    expect([await count("calls"), await count("b0"), await count("b5"), await count("errors")]).toEqual(["3", "2", "1", "1"]);
    expect(await kv.get(OPS_KEYS.healthCount("payments", minute - 1, "calls"))).toBe("1");
    expect(await readHealth(kv, clock, "payments")).toMatchObject({ calls: 4, errors: 1, lastError: { at: now, message: "POST /v1/refunds: HTTP 500" } });

    // 1,990 more in the minute's fast bucket, then 20 slow ones: 7 of those are within the first 2,000.
    await recordCalls(kv, "payments", Array.from({ length: 1990 }, () => ({ ms: 10, failed: false, at: now })));
    await recordCalls(kv, "payments", Array.from({ length: 20 }, () => ({ ms: 3000, failed: false, at: now })));
    expect([await count("calls"), await count("b0"), await count("b6")]).toEqual(["2013", "1992", "7"]);
  });
});
