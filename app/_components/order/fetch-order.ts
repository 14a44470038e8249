// The order page's reads and its one write, from the browser. The capability key travels in
// the Authorization header rather than the query string, so it stays out of server logs.
import type { PublicOrder } from "@/lib/checkout/public-order";
import { errorBodySchema } from "@/lib/http/error-body";

/** How often the page looks while the order can still change; a final order is not polled. */
export const POLL_MS = 2000;

export function refreshInterval(order: PublicOrder | undefined): number {
  return order?.final ? 0 : POLL_MS;
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

export async function fetchOrder(orderId: string, key: string): Promise<PublicOrder> {
  const response = await fetch(`/api/orders/${encodeURIComponent(orderId)}`, {
    headers: { authorization: `Bearer ${key}` },
    cache: "no-store",
  });
  return readAnswer(response);
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
