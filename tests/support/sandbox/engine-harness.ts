// Test support: a small fixture (parsed through fixtureSchema so defaults apply), an engine on
// ManualTime and a memory store, and a fake notification endpoint that records every POST.
import { buildCatalogIndex } from "@/lib/sandbox/catalog-index";
import { fixtureSchema, type Fixture, type FixturePartner } from "@/lib/sandbox/fixture/schema";
import type { Scheduler } from "@/lib/time/clock";
import { createMemoryStore } from "@/lib/sandbox/store/memory-store";
import type { SandboxStore } from "@/lib/sandbox/store/sandbox-store";
import { ManualTime } from "@/tests/support/sandbox/manual-time";
import { createOrderEngine } from "@/lib/sandbox/orders/create-order-engine";
import type { OrderEngine } from "@/lib/sandbox/orders/order-engine";

type RawFixture = Record<string, unknown> & { partners: Record<string, unknown>[]; services: Record<string, unknown>[] };

const partner = (id: number, extra: Record<string, unknown> = {}) => ({
  partner_id: id,
  partner_name: `Partner ${id}`,
  user_id: 100 + id,
  user_name: `user${id}`,
  login: `login${id}`,
  api_key: `key${id}`,
  balance: 100,
  ...extra,
});

const voucher = (id: number, extra: Record<string, unknown> = {}) => ({
  voucher_id: id,
  voucher_name: `Card ${id}`,
  amount: 9.5,
  currency: "USD",
  game_coins: 10,
  origin_price: 10,
  origin_currency: "USD",
  discount_rate: 5,
  account_need: false,
  delivery_method: "voucher_code",
  ...extra,
});

const field = (name: string, position: number) => ({
  name,
  type: "input",
  label: name,
  prefix: "",
  label_zh: name,
  position,
  multiline: false,
  placeholder: name,
});

export const NOTIFY_URL = "https://partner.example/notify";

/** Partner 1 plain, 2 with notifications, 3 limited to service 10. Balance 100.00 each. */
export function rawFixture(): RawFixture {
  return {
    sync_wait_seconds: 60,
    reservation_ttl_seconds: 3600,
    notify_retry_delays_seconds: [10, 60],
    partners: [
      partner(1),
      partner(2, { notify_url: NOTIFY_URL, notify_headers: { "x-notify-secret": "s3cret" } }),
      partner(3, { service_ids: [10] }),
    ],
    services: [
      {
        id: 10, game_name: "Wallet", type: "balance", currency: "USD", discount_percent: 2.5,
        min_amount: 1, max_amount: 500, supplier: { latency_seconds: 5 },
      },
      {
        id: 20, game_name: "Game Cards", type: "voucher", currency: "USD", activation: "auto", request: true,
        supplier: { latency_seconds: 5, activation_seconds: 10 },
        vouchers: [
          voucher(2001),
          voucher(2002, { amount: 19, origin_price: 20, game_coins: 20, code_parts: 2, code_valid_days: 30 }),
          voucher(2003, {
            amount: 4.75, origin_price: 5, game_coins: 5, account_need: true, delivery_method: "direct_topup",
            account_format: "player_id|zone_id", account_separator: "|",
            account_fields: [field("player_id", 1), field("zone_id", 2)],
          }),
          voucher(2004, { avalible: false }),
        ],
      },
      { id: 30, game_name: "Manual Cards", type: "voucher", currency: "USD", vouchers: [voucher(3001)] },
      { id: 40, game_name: "Closed Cards", type: "voucher", currency: "USD", avalible: false, vouchers: [voucher(4001)] },
      { id: 50, game_name: "Down Wallet", type: "balance", currency: "USD", supplier: { outcome: "unavailable" } },
    ],
  };
}

export interface NotificationCall {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  at: number;
}

export interface HarnessOptions {
  /** Change the raw fixture before it is parsed. */
  edit?: (raw: RawFixture) => void;
  /** The fake partner endpoint's answer to each POST: an HTTP status, or "hang" for no answer. */
  respond?: (call: NotificationCall) => number | "hang";
}

export interface Harness {
  time: ManualTime;
  fixture: Fixture;
  store: SandboxStore;
  engine: OrderEngine;
  notifications: NotificationCall[];
  partner(id?: number): FixturePartner;
  /** A second engine on the same store, as a new serverless instance; `deadTimers`: its timers never fire. */
  newInstance(options?: { deadTimers?: boolean }): OrderEngine;
  balanceOf(partnerId?: number): Promise<number>;
}

const deadScheduler: Scheduler = { schedule: () => ({ cancel() {} }) };

export function createHarness(options: HarnessOptions = {}): Harness {
  const raw = rawFixture();
  options.edit?.(raw);
  const fixture = fixtureSchema.parse(raw);
  const catalog = buildCatalogIndex(fixture);
  const time = new ManualTime();
  const store = createMemoryStore(fixture);
  const notifications: NotificationCall[] = [];
  const respond = options.respond ?? (() => 200);

  const notifyFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const call: NotificationCall = {
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      at: time.now(),
    };
    notifications.push(call);
    const answer = respond(call);
    if (answer === "hang") return new Promise<Response>(() => undefined);
    return new Response(null, { status: answer });
  }) as typeof fetch;

  let codes = 0;
  const build = (scheduler: Scheduler) =>
    createOrderEngine({ fixture, catalog, clock: time, scheduler, store, notifyFetch, randomCode: () => `CODE-${++codes}` });

  return {
    time,
    fixture,
    store,
    engine: build(time),
    notifications,
    partner: (id = 1) => {
      const found = fixture.partners.find((p) => p.partner_id === id);
      if (!found) throw new Error(`no partner ${id} in the test fixture`);
      return found;
    },
    newInstance: ({ deadTimers = false } = {}) => build(deadTimers ? deadScheduler : time),
    balanceOf: async (partnerId = 1) => store.getBalanceMinor(partnerId),
  };
}
