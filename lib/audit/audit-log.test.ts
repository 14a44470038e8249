import { describe, expect, it } from "vitest";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { listAudit } from "./list-audit";
import { recordAudit } from "./record-audit";

describe("audit log", () => {
  it("keeps who, what, when, before, after and IP, newest first, a page at a time", async () => {
    const kv = createMemoryKv();
    let now = 1_700_000_000_000;
    const clock = { now: () => now };
    for (let i = 1; i <= 5; i++) {
      now += 1_000;
      await recordAudit({ actor: "owner@shop.example", action: "prices.rule_saved", target: `brand:${i}`, before: { markup: i }, after: { markup: i + 1 }, ip: "203.0.113.9" }, { kv, clock });
    }
    const first = await listAudit(1, { kv, perPage: 2 });
    expect(first).toMatchObject({ page: 1, pages: 3, total: 5 });
    expect(first.entries.map((e) => e.target)).toEqual(["brand:5", "brand:4"]);
    expect(first.entries[0]).toMatchObject({ actor: "owner@shop.example", action: "prices.rule_saved", before: { markup: 5 }, after: { markup: 6 }, ip: "203.0.113.9", at: now });
    expect((await listAudit(3, { kv, perPage: 2 })).entries.map((e) => e.target)).toEqual(["brand:1"]);
    // A page past the end shows the last one rather than nothing.
    expect((await listAudit(9, { kv, perPage: 2 })).page).toBe(3);
  });

  it("keeps two rows written in the same millisecond apart", async () => {
    const kv = createMemoryKv();
    const clock = { now: () => 5 };
    await recordAudit({ actor: null, action: "auth.sign_in_failed", ip: "198.51.100.1" }, { kv, clock });
    await recordAudit({ actor: null, action: "auth.sign_in_failed", ip: "198.51.100.1" }, { kv, clock });
    expect((await listAudit(1, { kv })).total).toBe(2);
  });

  it("refuses an action that is not area.verb, and drops an oversized change but keeps the row", async () => {
    const kv = createMemoryKv();
    const clock = { now: () => 5 };
    await expect(recordAudit({ actor: "a@b.c", action: "Changed prices" }, { kv, clock })).rejects.toThrow();
    const entry = await recordAudit({ actor: "a@b.c", action: "catalog.bulk_hidden", after: "x".repeat(40_000) }, { kv, clock });
    expect(entry.after).toEqual({ omitted: expect.stringContaining("larger than") });
  });
});
