// A call's health counters on every KV driver: calls, the latency bucket and errors counted in
// their minute by one script, and read back for the dashboard.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readHealth, recordCall } from "@/lib/operations/health";
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
});
