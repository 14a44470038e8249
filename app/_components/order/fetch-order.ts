// The order page's reads and its one write, from the browser. The capability key travels in
// the Authorization header rather than the query string, so it stays out of server logs.
import type { PublicOrder } from "@/lib/checkout/public-order";
import { errorBodySchema } from "@/lib/http/error-body";

/**
 * How often the page looks while the order can still change and push is unavailable; a final
 * order is not polled, nor one the server pushes (follow-order.ts).
 */
export const POLL_MS = 2000;

export function refreshInterval(order: PublicOrder | undefined, pushing = false): number {
  return order?.final || pushing ? 0 : POLL_MS;
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

/** A held read (GET /api/orders/{id} with If-None-Match and Prefer: wait): null order when unchanged. */
export interface HeldAnswer {
  order: PublicOrder | null;
  version: string;
  /** The server held the read as asked; without it, push is unavailable on this path. */
  held: boolean;
}

export async function holdOrder(orderId: string, key: string, version: string, waitS: number, signal: AbortSignal): Promise<HeldAnswer> {
  const response = await fetch(`/api/orders/${encodeURIComponent(orderId)}`, {
    headers: { authorization: `Bearer ${key}`, "if-none-match": `"${version}"`, prefer: `wait=${waitS}` },
    cache: "no-store",
    signal,
  });
  const held = response.headers.has("preference-applied");
  const next = /^"([\w-]+)"$/.exec(response.headers.get("etag") ?? "")?.[1] ?? version;
  if (response.status === 304) return { order: null, version: next, held };
  return { order: await readAnswer(response), version: next, held };
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
