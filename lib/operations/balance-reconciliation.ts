// The partner balance reconciled: every new read of /api/balance is held against the previous
// one less the spend this shop counted since, so an unexplained debit (upstream delivering and
// debiting an order we had failed, another channel spending the same account) is a row on the
// reconciliation page and an alert, not silence. What legitimately moves the balance is
// tolerated: a rise (a refund credited back, a released reservation, the owner topping up with
// the supplier) is never an alarm, and a drop up to what accepted orders still hold is not one
// either, since upstream may have taken one of them a moment before its spend was counted.
// Run inside the refresh that stores the new read (one instance under the refresh's lock), so
// each read is judged once.
import { z } from "zod";
import { parseJsonOrNull } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { moneySchema, toDecimalString, type Money } from "@/lib/money";
import type { AlertsPort } from "./alerts-port";
import { OPS_KEYS } from "./keys";

export const balanceDebitSchema = z.object({
  /** When the balance that showed the debit was read (ms). */
  readAt: z.number().int(),
  previousReadAt: z.number().int(),
  previous: moneySchema,
  /** Spend this shop counted between the two reads. */
  countedMinor: z.number().int(),
  /** What accepted orders held as the new read was judged (tolerated). */
  heldMinor: z.number().int(),
  balance: moneySchema,
  /** The debit nothing we know of explains, in the balance's minor units. */
  unexplainedMinor: z.number().int().positive(),
});
export type BalanceDebit = z.infer<typeof balanceDebitSchema>;

export interface BalanceCheckDeps {
  kv: Kv;
  upstream: string;
  alerts: AlertsPort;
}

/** Rows are rare (one per read that found a debit); the page shows the latest. */
const SHOWN_ROWS = 50;
const previousSchema = z.object({ value: moneySchema, fetchedAt: z.number().int() });

/** The debit beyond what was counted and what is held; zero when the figures explain it. */
export function unexplainedDebitMinor(previousMinor: number, countedMinor: number, heldMinor: number, balanceMinor: number): number {
  return Math.max(0, previousMinor - countedMinor - heldMinor - balanceMinor);
}

/**
 * Judge a new read (`balance`, read at `readAt`) against the stored one, before it replaces it.
 * The held total is read before the spend: an order counted in between moves from one to the
 * other in one write and is then seen in both (tolerated twice), never in neither.
 */
export async function reconcileBalanceRead(deps: BalanceCheckDeps, balance: Money, readAt: number): Promise<BalanceDebit | null> {
  // Two rounds, not three: a refresh may be on a buyer's checkout.
  const [stored, heldRaw] = await Promise.all([deps.kv.get(OPS_KEYS.balance(deps.upstream)), deps.kv.get(OPS_KEYS.held(deps.upstream, balance.currency))]);
  const previous = parseStored(stored);
  if (previous === null || previous.value.currency !== balance.currency) return null;
  const held = Number(heldRaw ?? 0);
  const counted = Number((await deps.kv.get(OPS_KEYS.spent(deps.upstream, previous.fetchedAt, balance.currency))) ?? 0);
  const unexplained = unexplainedDebitMinor(previous.value.minor, counted, held, balance.minor);
  if (unexplained === 0) return null;
  const row: BalanceDebit = { readAt, previousReadAt: previous.fetchedAt, previous: previous.value, countedMinor: counted, heldMinor: held, balance, unexplainedMinor: unexplained };
  await deps.kv.zAdd(OPS_KEYS.balanceDebits(deps.upstream), readAt, JSON.stringify(row));
  await deps.alerts.raise(balanceDebitAlert(row));
  return row;
}

/** The most recent rows, newest first; a row that fails its schema is left out. */
export async function readBalanceDebits(kv: Kv, upstream: string, limit = SHOWN_ROWS): Promise<BalanceDebit[]> {
  const entries = await kv.zRevRangeByRank(OPS_KEYS.balanceDebits(upstream), { count: limit });
  return entries.flatMap((entry) => parseJsonOrNull(entry.member, balanceDebitSchema) ?? []);
}

/** One alert per read that found a debit: each is its own cause, told once. */
export function balanceDebitAlert(row: BalanceDebit) {
  const money = (minor: number) => `${toDecimalString({ minor, currency: row.balance.currency })} ${row.balance.currency}`;
  return {
    cause: `balance-debit:${row.readAt}`,
    title: "Unexplained partner balance debit",
    detail: `The partner balance fell from ${money(row.previous.minor)} to ${money(row.balance.minor)} while this shop counted ${money(row.countedMinor)} of spend (and orders in flight held ${money(row.heldMinor)}): ${money(row.unexplainedMinor)} is unexplained. Check upstream's order history for orders this shop did not complete, or spending from another channel.`,
    link: "/admin/reconciliation",
    words: {
      kind: "balanceDebit",
      values: {
        previous: row.previous,
        balance: row.balance,
        counted: { minor: row.countedMinor, currency: row.balance.currency },
        held: { minor: row.heldMinor, currency: row.balance.currency },
        unexplained: { minor: row.unexplainedMinor, currency: row.balance.currency },
      },
    },
  };
}

function parseStored(raw: string | null) {
  return raw === null ? null : parseJsonOrNull(raw, previousSchema);
}
