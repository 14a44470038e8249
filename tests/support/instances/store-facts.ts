// What the shop, the Partner API sandbox and the payments sandbox hold, read from outside the
// shop: the shop's order records and the payments sandbox's objects straight from the shared
// Redis (each is one JSON value under the run's KV prefix), upstream's orders listed from the
// sandbox's own index in Redis and then read through its Partner API (get_order_info applies
// whatever became due by the clock, as a partner would see it).
import { Redis } from "ioredis";
import { FINAL_STATES } from "./invariants";

export interface ShopOrder {
  id: string;
  flow: "reservation" | "pay_first";
  state: string;
  reason: string | null;
  item: { kind: string; gameId: number; voucherId?: number; deliveryMethod?: string };
  quote: { price: { minor: number; currency: string } };
  upstream: { orderId: string | null; status: number | null };
  payment: { paymentIntentId: string | null; sessionId: string | null };
  nextCheckAt: number | null;
  updatedAt: number;
  events: { at: number; what: string; to?: string }[];
}

export interface UpstreamOrder {
  order_id: string;
  ext_order_id?: string;
  order_status: number;
  amount_charged: number;
  voucher_code?: string;
  voucher_code_2?: string;
}

export interface PaymentIntentFact {
  id: string;
  status: string;
  amount: number;
  amount_received: number;
  metadata: Record<string, string>;
}

export interface PaymentFacts {
  intents: PaymentIntentFact[];
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** payment_intent.succeeded events (a capture each), by intent id. */
  capturesByIntent: Map<string, number>;
  /** Checkout sessions still open, by the order they were opened for. */
  openSessionsByOrder: Map<string, string[]>;
}

export interface Facts {
  orders: ShopOrder[];
  upstream: UpstreamOrder[];
  /** Orders upstream lists but would not show (get_order_info failed), with why. */
  upstreamUnreadable: string[];
  upstreamBalance: number;
  payments: PaymentFacts;
}

export async function readFacts(redisUrl: string, prefix: string, shopUrl: string, partner: { login: string; apiKey: string }): Promise<Facts> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const values = async (pattern: string) => {
      const keys = await scan(redis, `${prefix}${pattern}`);
      const texts = keys.length === 0 ? [] : await redis.mget(...keys);
      return texts.flatMap((text) => (text === null ? [] : [JSON.parse(text) as unknown]));
    };
    const orders = (await values("checkout:order:*")) as ShopOrder[];
    const intents = ((await values("payments-sandbox:pi:*")) as { intent: PaymentIntentFact }[]).map((stored) => stored.intent);
    const refunds = (await values("payments-sandbox:re:*")) as PaymentFacts["refunds"];
    const events = (await values("payments-sandbox:evt:*")) as { type: string; data: { object: { id: string } } }[];
    const sessions = (await values("payments-sandbox:cs:*")) as { session: { id: string; status: string; metadata: Record<string, string> } }[];
    const capturesByIntent = new Map<string, number>();
    for (const event of events) {
      if (event.type !== "payment_intent.succeeded") continue;
      capturesByIntent.set(event.data.object.id, (capturesByIntent.get(event.data.object.id) ?? 0) + 1);
    }
    const openSessionsByOrder = new Map<string, string[]>();
    for (const { session } of sessions) {
      const orderId = session.metadata.order_id;
      if (session.status === "open" && orderId) openSessionsByOrder.set(orderId, [...(openSessionsByOrder.get(orderId) ?? []), session.id]);
    }

    const upstreamIds: string[] = [];
    for (const index of await scan(redis, `${prefix}sandbox:*:orders-by-created:*`)) upstreamIds.push(...(await redis.zrange(index, "0", "-1")));
    const partnerApi = await partnerReader(shopUrl, partner);
    const upstream: UpstreamOrder[] = [];
    const upstreamUnreadable: string[] = [];
    for (const id of upstreamIds) {
      const read = await partnerApi.get<UpstreamOrder>(`/api/get_order_info?order_id=${id}`);
      if (typeof read === "string") upstreamUnreadable.push(`${id}: ${read}`);
      else upstream.push(read);
    }
    const balance = await partnerApi.get<{ balance: number }>("/api/balance");
    return {
      orders,
      upstream,
      upstreamUnreadable,
      upstreamBalance: typeof balance === "string" ? Number.NaN : balance.balance,
      payments: { intents, refunds, capturesByIntent, openSessionsByOrder },
    };
  } finally {
    redis.disconnect();
  }
}

/** Orders not final, plus orders whose deadline has come: 0 when the sweep has nothing left to do. */
export async function openOrDue(redisUrl: string, prefix: string): Promise<number> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const keys = await client.keys(`${prefix}checkout:order:*`);
    const texts = keys.length === 0 ? [] : await client.mget(...keys);
    const open = texts.filter((text) => text !== null && !FINAL_STATES.has((JSON.parse(text) as ShopOrder).state)).length;
    return open + (await client.zcount(`${prefix}checkout:due`, "-inf", Date.now()));
  } finally {
    client.disconnect();
  }
}

/** The checkout's order leases in KV, with the milliseconds each has left. */
export async function leases(redisUrl: string, prefix: string): Promise<{ orderId: string; ttlMs: number }[]> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const keys = await client.keys(`${prefix}checkout:lease:*`);
    return Promise.all(keys.map(async (key) => ({ orderId: key.slice(key.lastIndexOf(":") + 1), ttlMs: await client.pttl(key) })));
  } finally {
    client.disconnect();
  }
}

async function scan(redis: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
    found.push(...keys);
    cursor = next;
  } while (cursor !== "0");
  return found;
}

/** The demo's embedded Partner API, mounted at /sandbox on every instance. */
async function partnerReader(shopUrl: string, partner: { login: string; apiKey: string }) {
  const base = `${shopUrl}/sandbox`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: partner.login, api_key: partner.apiKey }),
  });
  if (!login.ok) throw new Error(`sandbox login answered ${login.status}: ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return {
    async get<T>(path: string): Promise<T | string> {
      const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } }).catch((error: unknown) => String(error));
      if (typeof response === "string") return response;
      if (!response.ok) return `${response.status} ${await response.text()}`;
      return (await response.json()) as T;
    },
  };
}
