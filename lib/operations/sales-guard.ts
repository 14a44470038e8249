// Whether the storefront may take an order now: not while the owner has paused sales, and not
// for a product whose upstream cost the available balance cannot cover (above the owner's
// threshold): a buyer's paid order must never wait on a top-up nobody made. Checked at
// checkout from the cached balance and the spend counted since, so it costs no upstream call.
// A balance never read (upstream down) does not stop sales: the checkout's own catalogue read
// fails in that case, and upstream's 402 still keeps a buyer's held money from being taken.
import type { Money } from "@/lib/money";
import { err, ok, type Result } from "@/lib/result";
import type { AlertsPort } from "./alerts-port";
import { covers, saleCeilingMinor } from "./available-balance";
import { readPause, readThreshold } from "./owner-settings";
import { readBalanceFigures, type BalanceDeps } from "./partner-balance";

export interface SalesGuardDeps extends BalanceDeps {
  alerts: AlertsPort;
}

export type SaleRefusal = { code: "sales_paused"; message: string } | { code: "balance_low"; message: string };

export const LOW_BALANCE_CAUSE = "low-balance";

export async function salesState(deps: Pick<BalanceDeps, "kv">): Promise<{ paused: boolean }> {
  return { paused: (await readPause(deps.kv)).paused };
}

/** Whether the shop takes an order of this cost now, as of the figures it was made from. */
export type SaleCheck = (cost: Money) => Promise<Result<void, SaleRefusal>>;

/**
 * Read what decides whether the shop takes an order (the pause, the balance and the threshold)
 * before its cost is known, so that a checkout reads them in the same rounds as its quote.
 */
export async function readSaleCheck(deps: SalesGuardDeps): Promise<SaleCheck> {
  // Read together: on Redis or Upstash each read is a round trip the buyer waits for.
  const [pause, figures, threshold] = await Promise.all([readPause(deps.kv), readBalanceFigures(deps), readThreshold(deps.kv)]);
  return async (cost) => {
    if (pause.paused) {
      return err({ code: "sales_paused", message: "The shop is not taking orders at the moment; nothing was charged. Please come back later." });
    }
    if (!figures.ok) return ok(undefined);
    const ceiling = saleCeilingMinor(figures.value, threshold);
    if (covers(ceiling, figures.value.balance.currency, cost) !== "not_covered") return ok(undefined);
    // The owner hears of it at once (deduplicated by cause), not at the next sweep.
    await deps.alerts.raise(lowBalanceAlert(ceiling, figures.value.balance.currency));
    return err({ code: "balance_low", message: "This product is temporarily unavailable; nothing was charged. Please try again later." });
  };
}

export async function checkSale(deps: SalesGuardDeps, cost: Money): Promise<Result<void, SaleRefusal>> {
  return (await readSaleCheck(deps))(cost);
}

export function lowBalanceAlert(ceilingMinor: number, currency: string) {
  return {
    cause: LOW_BALANCE_CAUSE,
    title: "Partner balance low",
    detail: `The partner balance available is below the low-balance threshold (${ceilingMinor} minor units of ${currency} over it): the storefront shows what it cannot cover as temporarily unavailable. Top up the partner balance.`,
    link: "/admin",
  };
}
