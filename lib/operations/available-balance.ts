// The arithmetic of the low-balance guard, in integer minor units of the balance's currency.
// "Available" is the cached balance less what upstream has taken for this shop's orders since
// that balance was read, and less what the orders it accepted may still take (their holds):
// known without a call per checkout. A sale is covered when it leaves
// at least the owner's threshold available; the threshold is the reserve the shop keeps for
// what it cannot see (another channel spending the same partner account, a charge above the
// quote, the snapshot's age), so below it nothing more is sold.
import type { Money } from "@/lib/money";

export interface BalanceFigures {
  /** The balance as last read from upstream. */
  balance: Money;
  /** When it was read (ms); also the id of its spend counter. */
  readAt: number;
  /** Upstream spend since then, in the balance's currency. */
  spentMinor: number;
  /** What accepted orders may still take upstream (sale-hold.ts), in the balance's currency. */
  heldMinor: number;
  /** The last refresh failed: the figures are the last good ones. */
  stale: boolean;
}

type Counted = Pick<BalanceFigures, "balance" | "spentMinor" | "heldMinor">;

export function availableMinor(figures: Counted): number {
  return figures.balance.minor - figures.spentMinor - figures.heldMinor;
}

/** The threshold in the balance's currency, or null when none is set that applies to it. */
export function thresholdMinorFor(threshold: Money | null, currency: string): number | null {
  return threshold !== null && threshold.currency === currency ? threshold.minor : null;
}

/** Below the threshold: the admin's banner and the owner's alert. */
export function isLow(figures: Counted, threshold: Money | null): boolean {
  const floor = thresholdMinorFor(threshold, figures.balance.currency);
  return floor !== null && availableMinor(figures) < floor;
}

/**
 * The most one sale may cost upstream now: the available balance less the threshold (no
 * threshold: zero kept back). Negative when the shop is already below its threshold.
 */
export function saleCeilingMinor(figures: Counted, threshold: Money | null): number {
  return availableMinor(figures) - (thresholdMinorFor(threshold, figures.balance.currency) ?? 0);
}

export type Cover = "covered" | "not_covered" | "unknown";

/**
 * Whether a sale costing `cost` upstream is covered. A cost in another currency than the
 * balance cannot be compared without a rate upstream would apply, so it is "unknown", and the
 * caller lets it through: upstream's own refusal (402) still protects the buyer, whose money is
 * only held.
 */
export function covers(ceilingMinor: number, balanceCurrency: string, cost: Money): Cover {
  if (cost.currency !== balanceCurrency) return "unknown";
  return cost.minor <= ceilingMinor ? "covered" : "not_covered";
}
