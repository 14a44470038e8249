// The partner balance reconciled: each read of /api/balance against the previous one less the
// spend this shop counted since (and what its accepted orders hold, which upstream may have
// taken a moment before it was counted). A debit beyond that is a row for the reconciliation
// page and one alert; a rise (a refund credited back, a released reservation, the owner's
// top-up with the supplier) is no alarm.
import { afterEach, describe, expect, it } from "vitest";
import type { AlertsPort } from "@/lib/operations/alerts-port";
import { readBalanceDebits } from "@/lib/operations/balance-reconciliation";
import { readBalanceFigures, recordUpstreamSpend, type BalanceDeps } from "@/lib/operations/partner-balance";
import { holdSale } from "@/lib/operations/sale-hold";
import { OPS_KEYS } from "@/lib/operations/keys";
import { ManualTimers } from "@/tests/support/partner-client/manual-timers";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";

const UPSTREAM = "balance-test";
const usd = (minor: number) => ({ minor, currency: "USD" });
let temp: TempKv | undefined;
afterEach(async () => {
  await temp?.remove();
  temp = undefined;
});

function world() {
  const timers = new ManualTimers();
  temp = openTempKv(() => timers.now());
  const upstream = { balance: 100 };
  const raised: { cause: string; detail: string }[] = [];
  const alerts: AlertsPort = { raise: async (input) => void raised.push(input), clear: async () => undefined };
  const deps: BalanceDeps = {
    kv: temp.kv,
    clock: timers,
    client: { balance: async () => ({ ok: true as const, value: { balance: upstream.balance, currency: "USD" } }) as never },
    upstream: UPSTREAM,
    ttlMs: 60_000,
    alerts,
  };
  /** Read the balance again, as the first checkout or sweep after the TTL does. */
  async function readAgain(balance: number) {
    upstream.balance = balance;
    await timers.advance(61_000);
    const read = await readBalanceFigures(deps);
    if (!read.ok) throw new Error(read.error.message);
    return read.value;
  }
  async function spend(orderId: string, minor: number) {
    const snapshot = await readBalanceFigures(deps);
    if (!snapshot.ok) throw new Error(snapshot.error.message);
    await holdSale(deps, { orderId, cost: usd(minor), balanceMinor: snapshot.value.balance.minor, spentKey: OPS_KEYS.spent(UPSTREAM, snapshot.value.readAt, "USD"), floorMinor: 0 });
    await recordUpstreamSpend(deps, { orderId, charged: usd(minor), heldCurrency: "USD" });
  }
  return { deps, timers, raised, readAgain, spend };
}

describe("partner balance reconciliation", () => {
  it("explains a drop by the spend counted since the last read: no row, no alert", async () => {
    const { deps, raised, readAgain, spend } = world();
    await readBalanceFigures(deps);
    await spend("order-1", 950);
    await readAgain(90.5);
    expect(await readBalanceDebits(deps.kv, UPSTREAM)).toEqual([]);
    expect(raised).toEqual([]);
  });

  it("finds a debit beyond the counted spend: one row with its figures and one alert for it", async () => {
    const { deps, raised, readAgain, spend, timers } = world();
    await readBalanceFigures(deps);
    const first = timers.now();
    await spend("order-1", 950);
    // Upstream delivered (and debited) an order we had failed: 5.50 more is gone.
    const read = await readAgain(85);
    const rows = await readBalanceDebits(deps.kv, UPSTREAM);
    expect(rows).toEqual([
      { readAt: read.readAt, previousReadAt: first, previous: usd(10_000), countedMinor: 950, heldMinor: 0, balance: usd(8_500), unexplainedMinor: 550 },
    ]);
    expect(raised).toHaveLength(1);
    expect(raised[0]?.cause).toBe(`balance-debit:${read.readAt}`);
    expect(raised[0]?.detail).toMatch(/5\.50 USD/);
  });

  it("takes a rise as no alarm (a refund, a released reservation, a top-up) and tolerates what accepted orders hold", async () => {
    const { deps, raised, readAgain } = world();
    await readBalanceFigures(deps);
    await readAgain(120);
    // An order accepted and not yet counted as spent: upstream may have taken it a moment ago.
    await holdSale(deps, { orderId: "order-2", cost: usd(198), balanceMinor: 12_000, spentKey: "unused", floorMinor: 0 });
    await readAgain(118.02);
    expect(await readBalanceDebits(deps.kv, UPSTREAM)).toEqual([]);
    expect(raised).toEqual([]);
  });
});
