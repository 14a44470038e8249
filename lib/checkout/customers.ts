// The admin's Customers view: the latest orders grouped by buyer (email), with what each buyer
// paid, got back and disputed, and the decisions their orders got. Built from the newest orders
// in the index (the admin's window, not the whole history), read in one batch.
import type { Kv } from "@/lib/kv/kv";
import type { Money } from "@/lib/money";
import { captured, refunded } from "./owner-actions/refund-ledger";
import type { OrderRecord } from "./order-record";
import { ORDER_INDEX_KEYS } from "./store/order-index";
import { readOrders } from "./store/order-store";

export interface Customer {
  email: string;
  orders: number;
  /** Money taken and refunded, per currency. */
  paid: Money[];
  refunded: Money[];
  disputes: number;
  warnings: number;
  /** How many orders got each decision at authorization. */
  decisions: Partial<Record<string, number>>;
  lastOrderAt: number;
  /** The card fingerprints seen on this buyer's orders. */
  cards: string[];
}

function add(list: Money[], money: Money): void {
  if (money.minor === 0) return;
  const same = list.find((entry) => entry.currency === money.currency);
  if (same) same.minor += money.minor;
  else list.push({ ...money });
}

export function groupByBuyer(orders: OrderRecord[]): Customer[] {
  const byEmail = new Map<string, Customer>();
  for (const order of orders) {
    const email = order.email.toLowerCase();
    const customer = byEmail.get(email) ?? { email, orders: 0, paid: [], refunded: [], disputes: 0, warnings: 0, decisions: {}, lastOrderAt: 0, cards: [] };
    customer.orders += 1;
    add(customer.paid, captured(order));
    add(customer.refunded, refunded(order));
    if (order.dispute) customer.disputes += 1;
    if (order.fraudWarning) customer.warnings += 1;
    const decision = order.screening?.decision;
    if (decision) customer.decisions[decision] = (customer.decisions[decision] ?? 0) + 1;
    const card = order.screening?.signals.card;
    if (card && !customer.cards.includes(card)) customer.cards.push(card);
    customer.lastOrderAt = Math.max(customer.lastOrderAt, order.createdAt);
    byEmail.set(email, customer);
  }
  return [...byEmail.values()].sort((a, b) => b.lastOrderAt - a.lastOrderAt);
}

/** The buyers of the newest `limit` orders; unreadable records are left out (the orders page shows them). */
export async function listCustomers(kv: Kv, limit = 500): Promise<Customer[]> {
  const ids = (await kv.zRangeByScore(ORDER_INDEX_KEYS.newest, { limit })).map((entry) => entry.member);
  const read = await readOrders(kv, ids);
  return groupByBuyer(read.flatMap((order) => (order.ok ? [order.value.record] : [])));
}
