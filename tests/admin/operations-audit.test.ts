// The owner's operations controls and a reconciliation run each leave an audit row with who,
// what and from which address, like every other change made from the admin.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuditInput } from "@/lib/audit";

const ADMIN = { email: "owner@x.example", role: "owner", ip: "203.0.113.9" } as const;

vi.mock("@/lib/shop/admin-request", () => ({
  currentAdmin: async () => ADMIN,
  requestHeaders: async () => new Headers({ host: "shop.example", origin: "http://shop.example" }),
}));
const audited = vi.hoisted(() => [] as AuditInput[]);
// Rows are written by the library that makes each change (lib/audit is what it calls).
vi.mock("@/lib/audit", async (actual) => ({ ...(await actual<typeof import("@/lib/audit")>()), recordAudit: async (input: AuditInput) => void audited.push(input) }));
vi.mock("@/lib/shop/operations", () => ({ shopOperationsDeps: async () => ({ kv: {}, clock: { now: () => 1_800_000_000_000 } }) }));
vi.mock("@/lib/operations/partner-balance", () => ({
  readBalanceFigures: async () => ({ ok: true, value: { balance: { amount: 100_00, currency: "USD" } } }),
}));
vi.mock("@/lib/operations/owner-settings", () => ({
  readThreshold: async () => null,
  writeThreshold: async () => null,
  readPause: async () => ({ paused: false, by: null, at: null }),
  writePause: async () => undefined,
}));
vi.mock("@/lib/operations/review-balance", () => ({ reviewBalance: async () => ({ pagesChanged: false }) }));
vi.mock("@/lib/shop/cache-tags", async (actual) => ({ ...(await actual<typeof import("@/lib/shop/cache-tags")>()), expireTags: () => undefined }));
vi.mock("@/lib/shop/reconciliation", () => ({ shopReconcileDeps: async () => ({}), shopSettleDeps: async () => ({}) }));
vi.mock("@/lib/reconciliation/run", () => ({
  reconcile: async () => ({ ok: true, value: { id: "run-1", outcome: "done", counts: { mismatches: 2 } } }),
}));

const { saveThreshold, setSalesPaused } = await import("@/app/[locale]/admin/(signed-in)/actions");
const { runReconciliation } = await import("@/app/[locale]/admin/(signed-in)/reconciliation/actions");

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("audit rows of the operations controls and reconciliation", () => {
  beforeEach(() => void audited.splice(0));

  it("pausing sales names the address", async () => {
    expect(await setSalesPaused(null, form({ paused: "true" }))).toMatchObject({ ok: true, message: "paused" });
    expect(audited).toEqual([expect.objectContaining({ actor: ADMIN.email, action: "operations.sales_paused", ip: ADMIN.ip })]);
  });

  it("setting the low-balance threshold names the address", async () => {
    expect(await saveThreshold(null, form({ amount: "25" }))).toMatchObject({ ok: true, message: "thresholdSaved" });
    expect(audited).toEqual([expect.objectContaining({ actor: ADMIN.email, action: "operations.threshold_set", ip: ADMIN.ip })]);
  });

  it("running a reconciliation writes a row before showing the run", async () => {
    await expect(runReconciliation(null, form({ from: "2026-11-01", to: "2026-11-02", locale: "en" }))).rejects.toThrow("NEXT_REDIRECT");
    expect(audited).toEqual([
      {
        actor: ADMIN.email,
        action: "reconciliation.run",
        target: "reconciliation-run:run-1",
        after: { from: "2026-11-01", to: "2026-11-02", outcome: "done", mismatches: 2 },
        ip: ADMIN.ip,
      },
    ]);
  });
});
