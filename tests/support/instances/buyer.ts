// A buyer over plain HTTP, as the product page, the payments sandbox's hosted page and the
// order page would send it: POST /api/checkout, the card typed on the hosted page (a form
// POST, then the approval screen for the 3-D Secure card), and polls of GET /api/orders/{id}.
// Every URL is the one the shop handed out, so every request goes through the shop's public
// origin (a balancer in the many-instances test).
import { setTimeout as delay } from "node:timers/promises";
import { botToken } from "../bot-token";

export type Flow = "reservation" | "pay_first_code" | "direct_topup" | "balance";

export interface Purchase {
  flow: Flow;
  body: { voucher_id?: number; game_id: number; amount?: string; account?: string };
}

/** What the buyer does on the payment page: cards in order (a decline, then a good one), or nothing. */
export type PaymentPlan = readonly string[];

export interface BuyerOrder {
  label: string;
  flow: Flow;
  orderId: string;
  /** GET /api/orders/{id}?key=… of this order. */
  apiUrl: string;
  paymentUrl: string | null;
  /** Every request's outcome, for the report. */
  log: string[];
}

export const APPROVE_ON_SECOND_SCREEN = "4000002500003155";

export async function checkout(shopUrl: string, label: string, purchase: Purchase): Promise<BuyerOrder | { label: string; failed: string }> {
  const response = await fetch(`${shopUrl}/api/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...purchase.body, email: `${label}@example.com`, bot_token: await botToken(shopUrl) }),
  }).catch((error: unknown) => new Error(String(error)));
  if (response instanceof Error) return { label, failed: `checkout: ${response.message}` };
  const text = await response.text();
  if (response.status !== 201) return { label, failed: `checkout answered ${response.status}: ${text.slice(0, 200)}` };
  const body = JSON.parse(text) as { order_id: string; payment_url: string | null; order_url: string; status: string };
  const page = new URL(body.order_url);
  return {
    label,
    flow: purchase.flow,
    orderId: body.order_id,
    apiUrl: `${page.origin}/api/orders/${body.order_id}${page.search}`,
    paymentUrl: body.payment_url,
    log: [`checkout 201 ${body.status}`],
  };
}

/** Types each card on the hosted page in turn; a page the shop lost mid-request is tried once more. */
export async function pay(order: BuyerOrder, cards: PaymentPlan): Promise<void> {
  if (!order.paymentUrl) return void order.log.push("no payment page");
  for (const card of cards) {
    let status = await postForm(order.paymentUrl, { card_number: card });
    if (status.code === 502) {
      await delay(1_000);
      status = await postForm(order.paymentUrl, { card_number: card });
    }
    order.log.push(`pay ${card.slice(-4)}: ${status.code}${status.location ? ` → ${status.location}` : ""}`);
    if (status.location?.endsWith("/authenticate")) {
      const approved = await postForm(new URL(status.location, order.paymentUrl).href, { decision: "approve" });
      order.log.push(`approve: ${approved.code}`);
    }
  }
}

export interface OrderView {
  status: string;
  final: boolean;
  money: string;
  delivery: { code: string | null; code_2: string | null } | null;
}

/** The order as its page shows it; null when the shop did not answer with it. */
export async function look(order: BuyerOrder): Promise<OrderView | null> {
  const response = await fetch(order.apiUrl).catch(() => null);
  if (!response) return null;
  if (response.status !== 200) {
    await response.body?.cancel();
    order.log.push(`poll ${response.status}`);
    return null;
  }
  // An instance killed while it sends the body cuts it short: the page would look again.
  const body = await response.text().catch(() => "");
  try {
    return JSON.parse(body) as OrderView;
  } catch {
    order.log.push("poll 200 cut short");
    return null;
  }
}

/** Polls the order page every `everyMs` until the order is final or the time `until()` says (ms since epoch). */
export async function pollUntilFinal(order: BuyerOrder, until: () => number, everyMs = 1_000): Promise<OrderView | null> {
  let last: OrderView | null = null;
  while (Date.now() < until()) {
    last = (await look(order)) ?? last;
    if (last?.final) break;
    await delay(everyMs);
  }
  order.log.push(`last seen ${last?.status ?? "nothing"}`);
  return last;
}

async function postForm(url: string, form: Record<string, string>): Promise<{ code: number; location: string | null }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
    redirect: "manual",
  }).catch(() => null);
  if (!response) return { code: 0, location: null };
  await response.body?.cancel();
  return { code: response.status, location: response.headers.get("location") };
}
