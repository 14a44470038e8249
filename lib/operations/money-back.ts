// What buyers got back, netted from the dashboard's sales on the day they got it (as a shop's
// "net sales" report counts a return on the day of the return, not of the sale). Today that is
// the owner's refunds once Stripe has done them; a dispute the shop lost is money back too, and
// belongs in `moneyBackOf` as one more entry (its own id, amount and day) when orders carry one.
// The cost stays counted: upstream charged for a code that was delivered, so a full refund of a
// delivered order shows as the loss of its cost.
import type { ConversionRates } from "@/lib/checkout/charge-check";
import type { OrderRecord } from "@/lib/checkout/order-record";
import type { Kv } from "@/lib/kv/kv";
import type { Money } from "@/lib/money";
import { countMoneyBackScript } from "./count-money-back-script";
import { DAILY_KEEP_MS, inStoreCurrency, utcDay } from "./daily-sales";
import { OPS_KEYS } from "./keys";

export interface MoneyBack {
  /** Unique within the order: the same entry told twice is counted once. */
  id: string;
  amount: Money;
  at: number;
}

/** Every amount the buyer of `order` has got back for good. Pending and refused refunds moved no money. */
export function moneyBackOf(order: OrderRecord): MoneyBack[] {
  return (order.refunds ?? []).filter((refund) => refund.status === "done").map((refund) => ({ id: `refund:${refund.requestId}`, amount: refund.amount, at: refund.at }));
}

/** Net each of the order's money back from its day's sales, once. Test orders were never counted. */
export async function recordMoneyBack(kv: Kv, order: OrderRecord, rates: ConversionRates): Promise<void> {
  if (order.test) return;
  for (const entry of moneyBackOf(order)) {
    const day = utcDay(entry.at);
    const amount = inStoreCurrency(entry.amount, rates);
    await kv.run(countMoneyBackScript, {
      keys: {
        receipt: OPS_KEYS.moneyBackReceipt(order.id, entry.id),
        refunded: OPS_KEYS.daily(day, "refunded", rates.storeCurrency),
        uncosted: OPS_KEYS.daily(day, "uncosted", rates.storeCurrency),
      },
      args: { amountMinor: amount ?? "", ttlMs: DAILY_KEEP_MS },
    });
  }
}
