// The order page's reads and its one write, from the browser. The capability key travels in
// the Authorization header rather than the query string, so it stays out of server logs.
import type { PublicOrder } from "@/lib/checkout/public-order";
import { errorBodySchema } from "@/lib/http/error-body";

/** The first look after the page shows an open order, before the server has said when to look. */
export const FIRST_LOOK_MS = 1000;

/** What one look brings: the order, and when the server says to look again (0: never, it is final). */
export interface OrderLook {
  order: PublicOrder;
  lookAgainMs: number;
}

/**
 * SWR's refresh interval: what the server said, nothing more once the order is final. Before
 * SWR's first fetch it has no data and asks with undefined: the page's own look then counts,
 * or SWR, told 0 at mount, would never start its timer.
 */
export function refreshInterval(latest: OrderLook | undefined, shown: OrderLook): number {
  const look = latest ?? shown;
  return look.order.final ? 0 : look.lookAgainMs;
}

export class OrderFetchError extends Error {
  override name = "OrderFetchError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function fetchOrder(orderId: string, key: string): Promise<OrderLook> {
  const response = await fetch(`/api/orders/${encodeURIComponent(orderId)}`, {
    headers: { authorization: `Bearer ${key}` },
    cache: "no-store",
  });
  const order = await readAnswer(response);
  return { order, lookAgainMs: lookAgainMs(response.headers.get("retry-after")) };
}

/** Retry-After in seconds (the server's next-look.ts); without one (a proxy dropped it), every 2 s. */
export function lookAgainMs(retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  return retryAfter !== null && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 2000;
}

export async function retryActivation(orderId: string, key: string): Promise<PublicOrder> {
  const response = await fetch(`/api/orders/${encodeURIComponent(orderId)}/activation`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}` },
  });
  return readAnswer(response);
}

async function readAnswer(response: Response): Promise<PublicOrder> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || body === null) {
    const problem = errorBodySchema.safeParse(body);
    throw new OrderFetchError(problem.success ? problem.data.message : `The shop answered ${response.status}; trying again shortly.`, response.status);
  }
  return body as PublicOrder;
}
