// Buyers for the checkout benchmark, each doing what a real one does, over HTTP: start a
// checkout for a reserved voucher, pay on the hosted page with 4242, come back to the order
// page (whose render wakes the order), then follow the order as that page does — a look at
// GET /api/orders/{id} whenever its Retry-After says (or, with pollMs, every pollMs) — until it
// is final.
// Many run at once, for a fixed time. They speak HTTP through buyer-http.ts (node:http, kept-alive
// connections, fetch's headers) rather than fetch, whose CPU on the shop's machine was capacity
// taken from the shop (docs/architecture-decisions.md item 286).
import { send } from "./buyer-http";

export interface CheckoutSample {
  /** POST /api/checkout: reservation upstream and the payment page opened. */
  startMs: number;
  /** From the POST to the order completed: payment, webhook, confirmation, capture. */
  totalMs: number;
  status: string;
  /** The order page the payment page returned to (its capability key in the query). */
  orderPage: string;
}

export interface BuyerOptions {
  shopUrl: string;
  voucherId: number;
  gameId: number;
  buyers: number;
  seconds: number;
  /** Follow by polling this often instead of when the server says (Retry-After). */
  pollMs?: number;
}

export async function runBuyers(options: BuyerOptions): Promise<CheckoutSample[]> {
  const samples: CheckoutSample[] = [];
  const until = performance.now() + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.buyers }, async (_, buyer) => {
      for (let n = 0; performance.now() < until; n += 1) samples.push(await buyOnce(options, `bench-${buyer}-${n}@example.com`));
    }),
  );
  return samples;
}

export async function buyOnce(options: Omit<BuyerOptions, "buyers" | "seconds">, email: string): Promise<CheckoutSample> {
  const started = performance.now();
  const response = await send(`${options.shopUrl}/api/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ voucher_id: options.voucherId, game_id: options.gameId, email }),
  });
  const created = JSON.parse(response.text) as { order_id?: string; payment_url?: string | null; order_url?: string; message?: string };
  const startMs = performance.now() - started;
  if (response.status !== 201 || !created.payment_url || !created.order_url || !created.order_id) {
    throw new Error(`checkout answered ${response.status}: ${JSON.stringify(created)}`);
  }
  const paid = await send(created.payment_url, { method: "POST", body: new URLSearchParams({ card_number: "4242424242424242" }) });
  if (paid.status !== 303) throw new Error(`the payment page answered ${paid.status}`);

  const key = new URL(created.order_url).searchParams.get("key") ?? "";
  // Back on the order page, as the payment page's redirect takes the buyer: its render wakes the order.
  const orderPage = paid.headers.location ?? created.order_url;
  const page = await send(orderPage);
  const html = page.text;
  if (page.status < 200 || page.status > 299) throw new Error(`the order page answered ${page.status}`);
  // The page follows on from what it shows (OrderStatus's `initial`): nothing more once that is
  // final, else its first look a second later (FIRST_LOOK_MS) and then when the server says.
  const shown = /\\"status\\":\\"([a-z_]+)\\",[^]*?\\"final\\":(true|false)/.exec(html);
  if (!shown) throw new Error(`the order page shows no order: ${html.slice(0, 300)}`);
  if (shown[2] === "true") return { startMs, totalMs: performance.now() - started, status: shown[1] ?? "", orderPage };
  // A buyer gives up after a minute, so an order that never completes fails the bench, loudly.
  const giveUp = performance.now() + 60_000;
  let order: { status?: string; final?: boolean; message?: string } = {};
  let waitMs = options.pollMs ?? 1000;
  while (performance.now() < giveUp) {
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    const read = await send(`${options.shopUrl}/api/orders/${created.order_id}`, { headers: { authorization: `Bearer ${key}` } });
    order = JSON.parse(read.text) as typeof order;
    if (order.final) return { startMs, totalMs: performance.now() - started, status: order.status ?? "", orderPage };
    waitMs = options.pollMs ?? Number(read.headers["retry-after"] ?? 2) * 1000;
  }
  throw new Error(`order ${created.order_id} was not final after a minute: ${JSON.stringify(order)}`);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}
