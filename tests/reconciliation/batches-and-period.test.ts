// The bounds /api/revise sets (docs/partner-api.md section 8): at most 10,000 payments and
// 1 MiB per call, 31 days per period; the batch size setting can only narrow them.
import { describe, expect, it } from "vitest";
import type { RevisePayment } from "@/lib/partner/schemas";
import { MAX_REVISE_BODY_BYTES, reviseBatches } from "@/lib/reconciliation/batches";
import { parsePeriod, reviseDates, yesterday } from "@/lib/reconciliation/period";
import { partnerTime } from "@/lib/reconciliation/ledger";
import { parseEnv } from "@/lib/config/env";

const payment = (i: number, idLength = 8): RevisePayment => ({
  order_id: String(i).padStart(idLength, "0"),
  amount: 9.5,
  status: 2,
  transaction_time: "15.01.2026 12:00:00",
});

describe("revise batches", () => {
  it("splits 25,000 payments into 3 calls of at most 10,000, in order", () => {
    const payments = Array.from({ length: 25_000 }, (_, i) => payment(i));
    const batches = reviseBatches(payments, 10_000);
    expect(batches.map((batch) => batch.length)).toEqual([10_000, 10_000, 5_000]);
    expect(batches.flat()).toEqual(payments);
  });

  it("never sends a body over 1 MiB, however heavy the entries, and never exceeds 10,000 whatever the setting", () => {
    const heavy = Array.from({ length: 10_000 }, (_, i) => payment(i, 120));
    const batches = reviseBatches(heavy, 10_000);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      const body = JSON.stringify({ date_from: "2026-01-15", date_to: "2026-01-16", payments: batch });
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_REVISE_BODY_BYTES);
    }
    expect(batches.flat()).toHaveLength(10_000);
    expect(reviseBatches(Array.from({ length: 10_001 }, (_, i) => payment(i)), 50_000).map((b) => b.length)).toEqual([10_000, 1]);
    expect(reviseBatches([], 10)).toEqual([]);
  });

  it("RECONCILE_BATCH_SIZE is checked at start and names the bound", () => {
    expect(parseEnv({}).RECONCILE_BATCH_SIZE).toBe(5_000);
    expect(parseEnv({ RECONCILE_BATCH_SIZE: "2500" }).RECONCILE_BATCH_SIZE).toBe(2_500);
    expect(() => parseEnv({ RECONCILE_BATCH_SIZE: "10001" })).toThrow(/RECONCILE_BATCH_SIZE: .*10,000/);
    expect(() => parseEnv({ RECONCILE_BATCH_SIZE: "many" })).toThrow(/RECONCILE_BATCH_SIZE/);
  });
});

describe("periods", () => {
  it("takes real days, in order, at most 31 of them", () => {
    expect(parsePeriod("2026-01-01", "2026-01-31")).toMatchObject({ ok: true });
    expect(parsePeriod("2026-01-01", "2026-02-01")).toMatchObject({ ok: false, error: { field: "to" } });
    expect(parsePeriod("2026-02-30", "2026-03-01")).toMatchObject({ ok: false, error: { field: "from" } });
    expect(parsePeriod("2026-01-02", "2026-01-01")).toMatchObject({ ok: false, error: { field: "to" } });
  });

  it("widens revise's dates by a day for orders upstream dates after midnight, within 31 days", () => {
    expect(reviseDates({ from: "2026-01-15", to: "2026-01-15" })).toEqual({ date_from: "2026-01-15", date_to: "2026-01-16" });
    expect(reviseDates({ from: "2026-01-01", to: "2026-01-31" })).toEqual({ date_from: "2026-01-01", date_to: "2026-01-31" });
    expect(yesterday(Date.UTC(2026, 0, 1, 4))).toEqual({ from: "2025-12-31", to: "2025-12-31" });
    expect(partnerTime(Date.UTC(2026, 0, 15, 9, 5, 7))).toBe("15.01.2026 09:05:07");
  });
});
