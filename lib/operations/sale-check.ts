// Whether the storefront may take an order now: not while the owner has paused sales, and not
// for a product whose upstream cost the available balance cannot cover (above the owner's
// threshold): a buyer's paid order must never wait on a top-up nobody made. Checked at
// checkout from the cached balance, the spend counted since and what accepted orders still
// hold, so it costs no upstream call; an order it takes is held in the same atomic step as the
// check (sale-hold.ts), so two checkouts at once cannot both pass a threshold that covers one.
// A balance never read (upstream down) does not stop sales: the checkout's own catalogue read
// fails in that case, and upstream's 402 still keeps a buyer's money from being taken.
import type { SaleCheck, SaleHold } from "@/lib/checkout/start-checkout";
import { formatMoney } from "@/lib/money";
import { err, ok } from "@/lib/result";
import { covers, saleCeilingMinor, thresholdMinorFor } from "./available-balance";
import { OPS_KEYS } from "./keys";
import { readPause, readThreshold } from "./owner-settings";
import { readBalanceFigures, type BalanceDeps } from "./partner-balance";
import { holdSale, releaseSaleHold } from "./sale-hold";

export const LOW_BALANCE_CAUSE = "low-balance";

const NOTHING_HELD: SaleHold = { release: async () => undefined };

/**
 * Read what decides whether the shop takes an order (the pause, the balance and the threshold)
 * before its cost is known, so that a checkout reads them in the same rounds as its quote.
 */
export async function readSaleCheck(deps: BalanceDeps): Promise<SaleCheck> {
  // Read together: on Redis or Upstash each read is a round trip the buyer waits for.
  const [pause, figures, threshold] = await Promise.all([readPause(deps.kv), readBalanceFigures(deps), readThreshold(deps.kv)]);
  return async (cost, orderId) => {
    if (pause.paused) {
      return err({ code: "sales_paused", message: "The shop is not taking orders at the moment; nothing was charged. Please come back later." });
    }
    if (!figures.ok) return ok(NOTHING_HELD);
    const { balance, readAt } = figures.value;
    const ceiling = saleCeilingMinor(figures.value, threshold);
    const cover = covers(ceiling, balance.currency, cost);
    if (cover === "unknown") return ok(NOTHING_HELD);
    // The figures read with the quote may be behind another checkout's hold: the hold judges
    // the cost afresh, in the same atomic step that counts it. Refused already, it costs no write.
    const held =
      cover === "covered"
        ? await holdSale(deps, { orderId, cost, balanceMinor: balance.minor, spentKey: OPS_KEYS.spent(deps.upstream, readAt, balance.currency), floorMinor: thresholdMinorFor(threshold, balance.currency) ?? 0 })
        : { accepted: false, ceilingMinor: ceiling };
    if (held.accepted) return ok({ release: async () => void (await releaseSaleHold(deps, orderId, cost.currency)) });
    // The owner hears of it at once (deduplicated by cause), not at the next sweep.
    await deps.alerts.raise(lowBalanceAlert(held.ceilingMinor, balance.currency));
    return err({ code: "balance_low", message: "This product is temporarily unavailable; nothing was charged. Please try again later." });
  };
}

/** `ceilingMinor`: what is available above the owner's threshold, below zero when under it. */
export function lowBalanceAlert(ceilingMinor: number, currency: string) {
  const under = ceilingMinor < 0;
  const amount = { minor: Math.abs(ceilingMinor), currency };
  const where = under ? `${formatMoney(amount, "en")} below the low-balance threshold` : `only ${formatMoney(amount, "en")} above the low-balance threshold`;
  return {
    cause: LOW_BALANCE_CAUSE,
    title: "Partner balance low",
    detail: `The partner balance available is ${where}: the storefront shows what it cannot cover as temporarily unavailable. Top up the partner balance.`,
    link: "/admin",
    words: { kind: under ? "lowBalanceUnder" : "lowBalanceNear", values: { amount } },
  };
}
