// The partner balance (/api/balance), cached in KV with the time it was read and refreshed in
// the background by the catalogue's stale-while-revalidate (one refresh under a KV lock, the
// others served the copy) — from any read that finds it due and from the cron sweep, never a
// timer. What upstream has taken for this shop's orders since is counted beside it, and what
// its accepted orders still hold (sale-hold.ts), so the available balance is known without a
// call per checkout. The counter belongs to one snapshot
// (its key holds the snapshot's time): a newer read of the balance already includes what was
// spent before it, so its counter starts at zero.
import { z } from "zod";
import { readThrough } from "@/lib/catalog/stale-while-revalidate";
import { parseJsonOrNull } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { moneyFromDecimal, moneySchema, type Money } from "@/lib/money";
import { worstCaseAuthorizedCallMs } from "@/lib/partner/call-budget";
import type { PartnerClient } from "@/lib/partner/client";
import { err, ok, type Result } from "@/lib/result";
import type { Clock } from "@/lib/time/clock";
import type { AlertsPort } from "./alerts-port";
import type { BalanceFigures } from "./available-balance";
import { reconcileBalanceRead } from "./balance-reconciliation";
import { OPS_KEYS } from "./keys";
import { recordSpendScript } from "./record-spend-script";
import { releaseSaleHold, type SaleHoldDeps } from "./sale-hold";

export interface BalanceDeps {
  kv: Kv;
  /** Told of a read of the balance that its counted spend does not explain. */
  alerts: AlertsPort;
  clock: Clock;
  client: Pick<PartnerClient, "balance">;
  /** Fingerprint of the upstream (lib/config/upstream-fingerprint.ts), part of every key. */
  upstream: string;
  /** How long a read of the balance counts as fresh. */
  ttlMs: number;
}

/** What every operation (the sale check, the reviews) needs: the balance's parts cover them all. */
export type OperationsDeps = BalanceDeps;

export type BalanceUnknown = { code: "balance_unknown"; message: string };

/** A spend counter outlives any snapshot it can belong to. */
const SPENT_TTL_MS = 7 * 24 * 3600_000;
/** An order's spend is never counted twice, even when its step repeats days later. */
const RECEIPT_TTL_MS = 30 * 24 * 3600_000;
/** A checkout with no copy yet waits this long for another instance's first read. */
const WAIT_FOR_FIRST_MS = 3_000;

/**
 * The balance and what was spent since it was read; an error when upstream has never answered
 * (the caller shows "unknown", never zero).
 */
export async function readBalanceFigures(deps: BalanceDeps): Promise<Result<BalanceFigures, BalanceUnknown>> {
  const read = await readThrough<Money>({
    kv: deps.kv,
    clock: deps.clock,
    key: OPS_KEYS.balance(deps.upstream),
    schema: moneySchema,
    ttlMs: deps.ttlMs,
    lockTtlMs: worstCaseAuthorizedCallMs(),
    waitForFirstMs: WAIT_FOR_FIRST_MS,
    load: () => loadAndReconcile(deps),
  });
  if (!read.ok) return err({ code: "balance_unknown", message: read.error.reason });
  const { value: balance, fetchedAt, stale } = read.value;
  // Read together: on Redis or Upstash each read is a round trip the buyer waits for.
  const [spent, held] = await Promise.all([deps.kv.get(OPS_KEYS.spent(deps.upstream, fetchedAt, balance.currency)), deps.kv.get(OPS_KEYS.held(deps.upstream, balance.currency))]);
  return ok({ balance, readAt: fetchedAt, spentMinor: Number(spent ?? 0), heldMinor: Number(held ?? 0), stale });
}

/** A new read, judged against the one it replaces before it is stored (balance-reconciliation.ts). */
async function loadAndReconcile(deps: BalanceDeps): Promise<Result<Money, string>> {
  const loaded = await loadBalance(deps.client);
  if (loaded.ok) {
    // The read itself stands whatever the check meets: a KV failure here is logged, not fatal.
    await reconcileBalanceRead(deps, loaded.value, deps.clock.now()).catch((error: unknown) => console.warn(`[operations] balance read not reconciled: ${String(error)}`));
  }
  return loaded;
}

async function loadBalance(client: Pick<PartnerClient, "balance">): Promise<Result<Money, string>> {
  const answer = await client.balance();
  if (!answer.ok) return err(`/api/balance: ${answer.error.message}`);
  const money = moneyFromDecimal(answer.value.balance, answer.value.currency);
  return money.ok ? ok(money.value) : err(`/api/balance answered an unreadable balance: ${money.error.message}`);
}

const snapshotTimeSchema = z.object({ fetchedAt: z.number().int() });

export interface UpstreamSpend {
  orderId: string;
  /** What upstream took (its `amount_charged`, or the quoted cost). */
  charged: Money;
  /** The currency the order's hold was taken in (its quoted cost's). */
  heldCurrency: string;
}

/**
 * Count an order's upstream cost against the balance snapshot current now, once per order, and
 * let its hold go in the same write. With no snapshot there is nothing to count against (the
 * first read will include it): the hold alone is let go.
 */
export async function recordUpstreamSpend(deps: SaleHoldDeps, spend: UpstreamSpend): Promise<void> {
  const snapshot = spend.charged.minor > 0 ? snapshotTime(await deps.kv.get(OPS_KEYS.balance(deps.upstream))) : null;
  if (snapshot === null) {
    await releaseSaleHold(deps, spend.orderId, spend.heldCurrency);
    return;
  }
  await deps.kv.run(recordSpendScript, {
    keys: {
      receipt: OPS_KEYS.spentReceipt(deps.upstream, spend.orderId),
      counter: OPS_KEYS.spent(deps.upstream, snapshot, spend.charged.currency),
      hold: OPS_KEYS.hold(deps.upstream, spend.orderId),
      held: OPS_KEYS.held(deps.upstream, spend.heldCurrency),
    },
    args: { by: spend.charged.minor, receiptTtlMs: RECEIPT_TTL_MS, counterTtlMs: SPENT_TTL_MS },
  });
}

function snapshotTime(raw: string | null): number | null {
  if (raw === null) return null;
  return parseJsonOrNull(raw, snapshotTimeSchema)?.fetchedAt ?? null;
}
