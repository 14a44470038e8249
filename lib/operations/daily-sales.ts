// Sales, refunds, upstream cost and order counts per day (UTC), in the store currency, for the
// dashboard's 7- and 30-day chart. Written once per completed order (a receipt per order, with
// the counters in one script, as the catalogue's popularity counts): the dashboard reads at
// most 30 days × 4 counters instead of walking the orders. Cost is what upstream charged (else the quoted cost), valued in the store
// currency at the pricing rules' rates of the moment; an order whose cost currency has no rate
// is counted as "uncosted" rather than valued at a guess, and the dashboard says how many.
// Test orders (PARTNER_TEST_MODE) bought nothing and are not counted. What buyers got back is
// netted on its own day (money-back.ts): margin is sales less refunds less cost.
import type { ConversionRates } from "@/lib/checkout/charge-check";
import type { OrderRecord } from "@/lib/checkout/order-record";
import type { Kv } from "@/lib/kv/kv";
import { currencyExponent, type Money } from "@/lib/money";
import { SCALE, scaledDecimal } from "@/lib/pricing/scaled-decimal";
import { countCompletedOrderScript } from "./count-completed-order-script";
import { OPS_KEYS } from "./keys";

const FIELDS = ["orders", "sales", "refunded", "cost", "uncosted"] as const;
type Field = (typeof FIELDS)[number];

/** Long enough for the 30-day chart and a little history. */
export const DAILY_KEEP_MS = 40 * 86_400_000;
const DAY_MS = 86_400_000;

export interface DaySales {
  /** YYYY-MM-DD, UTC. */
  day: string;
  orders: number;
  /** Minor units of the store currency. */
  salesMinor: number;
  /** What buyers got back that day (refunds done, disputes lost), whichever day the sale was. */
  refundedMinor: number;
  costMinor: number;
  /** Sales minus refunds minus cost. */
  marginMinor: number;
  /** Orders or refunds whose money could not be valued in the store currency (no rate). */
  uncosted: number;
}

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `money` in minor units of the store currency, rounded half up; null without a rate. */
export function inStoreCurrency(money: Money, rates: ConversionRates): number | null {
  if (money.currency === rates.storeCurrency) return money.minor;
  const text = rates.exchangeRates[money.currency];
  if (text === undefined) return null;
  const rate = scaledDecimal(text);
  if (rate === 0n) return null;
  const shift = currencyExponent(rates.storeCurrency) - currencyExponent(money.currency);
  const numerator = BigInt(money.minor) * rate * (shift >= 0 ? 10n ** BigInt(shift) : 1n);
  const denominator = SCALE * (shift < 0 ? 10n ** BigInt(-shift) : 1n);
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** Count a completed order into its day, once. */
export async function recordCompletedOrder(kv: Kv, order: OrderRecord, rates: ConversionRates, completedAt: number): Promise<void> {
  if (order.test) return;
  const sales = inStoreCurrency(order.quote.price, rates);
  const cost = inStoreCurrency(order.upstream.amountCharged ?? order.quote.cost, rates);
  const day = utcDay(completedAt);
  const key = (field: Field) => OPS_KEYS.daily(day, field, rates.storeCurrency);
  await kv.run(countCompletedOrderScript, {
    keys: { receipt: OPS_KEYS.dailyReceipt(order.id), orders: key("orders"), sales: key("sales"), cost: key("cost"), uncosted: key("uncosted") },
    args: { salesMinor: sales ?? "", costMinor: cost ?? "", ttlMs: DAILY_KEEP_MS },
  });
}

/** The last `days` days up to and including today (UTC), oldest first; days without sales are zeros. */
export async function readDailySales(kv: Kv, storeCurrency: string, now: number, days: number): Promise<DaySales[]> {
  const dayList = Array.from({ length: days }, (_, i) => utcDay(now - (days - 1 - i) * DAY_MS));
  return Promise.all(
    dayList.map(async (day) => {
      const [orders = 0, salesMinor = 0, refundedMinor = 0, costMinor = 0, uncosted = 0] = await Promise.all(
        FIELDS.map(async (field) => Number((await kv.get(OPS_KEYS.daily(day, field, storeCurrency))) ?? 0)),
      );
      return { day, orders, salesMinor, refundedMinor, costMinor, marginMinor: salesMinor - refundedMinor - costMinor, uncosted };
    }),
  );
}

/** The days added up: the dashboard's total row. */
export function salesTotals(days: DaySales[]): Omit<DaySales, "day"> {
  const sum = (pick: (d: DaySales) => number) => days.reduce((total, d) => total + pick(d), 0);
  return {
    orders: sum((d) => d.orders),
    salesMinor: sum((d) => d.salesMinor),
    refundedMinor: sum((d) => d.refundedMinor),
    costMinor: sum((d) => d.costMinor),
    marginMinor: sum((d) => d.marginMinor),
    uncosted: sum((d) => d.uncosted),
  };
}
