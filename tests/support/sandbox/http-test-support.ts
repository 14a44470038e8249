// Test helpers for the HTTP shell: a small fixture, a fake order engine that records what it
// was handed, and a way to call the handler in one line. Used only by *.test.ts files.
import { buildCatalogIndex } from "@/lib/sandbox/catalog-index";
import { fixtureSchema, type Fixture, type FixturePartner } from "@/lib/sandbox/fixture/schema";
import type { OrderEngine } from "@/lib/sandbox/orders/order-engine";
import { ManualTime } from "@/tests/support/sandbox/manual-time";
import { createSandboxHandler, type SandboxHandler } from "@/lib/sandbox/http/create-handler";
import { ok, type ApiResult } from "@/lib/sandbox/http/error-result";

export const JWT_SECRET = "test-secret-of-the-sandbox";

export function testFixture(overrides: Partial<Record<keyof Fixture, unknown>> = {}): Fixture {
  return fixtureSchema.parse({
    jwt_secret: JWT_SECRET,
    partners: [
      { partner_id: 1, partner_name: "Demo Shop", user_id: 11, user_name: "demo", login: "demo", api_key: "demo-key", balance: 100 },
      { partner_id: 2, partner_name: "Small Shop", user_id: 12, user_name: "small", login: "small", api_key: "small-key", service_ids: [432, 1], rate_limit_per_minute: 3 },
      { partner_id: 3, partner_name: "Empty Shop", user_id: 13, user_name: "empty", login: "empty", api_key: "empty-key", service_ids: [] },
    ],
    services: [
      {
        id: 432, game_name: "Stellar Quest Global", brand: "Stellar Quest", region: "GLOBAL", platform: "PC",
        type: "voucher", activation: "auto", currency: "USD", request: true, account_check: true,
        vouchers: [
          voucher(1001, { voucher_name: "10 Stars", amount: 9.5, origin_price: 10, discount_rate: 5 }),
          voucher(1002, { voucher_name: "20 Stars", avalible: false, amount: 20, origin_price: 20, ...zoneAccount }),
        ],
      },
      { id: 431, game_name: "Sky Runner", brand: "Sky Runner", region: "GLOBAL", type: "voucher", currency: "USD",
        account_check: true, account_check_enabled: false,
        vouchers: [voucher(3001, { delivery_method: "direct_topup", account_need: true, account_format: "player_id" })] },
      { id: 426, game_name: "Moon Legends Global", brand: "Moon Legends", region: "ROW", type: "voucher", currency: "USD",
        account_check: true, vouchers: [voucher(4001, zoneAccount)] },
      { id: 92837, game_name: "Moon Legends Russia", brand: "Moon Legends", country: "RU", type: "voucher", currency: "USD",
        account_check: true, vouchers: [voucher(4101, zoneAccount)] },
      { id: 1, game_name: "Store Wallet", type: "balance", currency: "USD", discount_percent: 3, account_check: true },
      { id: 500, game_name: "Closed Game", type: "voucher", currency: "USD", avalible: false, account_check: true,
        vouchers: [voucher(5001, { amount: 7, origin_price: 8, discount_rate: 12.5, delivery_method: "direct_topup", account_need: true, account_format: "player_id" })] },
      { id: 600, game_name: "Plain Codes", type: "voucher", currency: "USD", vouchers: [voucher(6001, {})] },
    ],
    players: [
      { game_id: 432, account: "12345|1", player_name: "Nova", region: "EU" },
      { game_id: 92837, account: "5555|77", player_name: "Ivan", region: "RU" },
    ],
    ...overrides,
  });
}

/** A fixture voucher of 5 USD without discount, delivered as a code unless `fields` say otherwise. */
function voucher(id: number, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    voucher_id: id, voucher_name: `Voucher ${id}`, amount: 5, currency: "USD", game_coins: 5, origin_price: 5,
    origin_currency: "USD", discount_rate: 0, account_need: false, delivery_method: "voucher_code", ...fields,
  };
}

const accountField = (name: string, position: number) => ({
  name, type: "input", label: name, prefix: "", label_zh: name, position, multiline: false, placeholder: "",
});

const zoneAccount = {
  delivery_method: "direct_topup",
  account_need: true,
  account_format: "player_id|zone_id",
  account_separator: "|",
  account_fields: [accountField("player_id", 1), accountField("zone_id", 2)],
};

export interface EngineCall {
  method: keyof OrderEngine;
  partnerId?: number;
  input?: unknown;
}

export interface FakeEngine extends OrderEngine {
  calls: EngineCall[];
  /** Orders `existingByExt` knows, by `${partnerId}:${extOrderId}`. */
  existing: Map<string, ApiResult>;
  closed: boolean;
}

/** Echoes what it was handed, so a test sees exactly what the shell passed on. */
export function createFakeEngine(): FakeEngine {
  const engine: FakeEngine = {
    calls: [],
    existing: new Map(),
    closed: false,
    async existingByExt(partner, extOrderId) {
      engine.calls.push({ method: "existingByExt", partnerId: partner.partner_id, input: extOrderId });
      return engine.existing.get(`${partner.partner_id}:${extOrderId}`) ?? null;
    },
    async balance(partner) {
      engine.calls.push({ method: "balance", partnerId: partner.partner_id });
      return ok({ partner_id: partner.partner_id, balance: partner.balance });
    },
    async pay(partner, request) {
      engine.calls.push({ method: "pay", partnerId: partner.partner_id, input: request });
      return ok({ handled: "pay", request });
    },
    async orderUpdate(partner, request) {
      engine.calls.push({ method: "orderUpdate", partnerId: partner.partner_id, input: request });
      return ok({ handled: "orderUpdate", request });
    },
    async orderInfo(partner, query) {
      engine.calls.push({ method: "orderInfo", partnerId: partner.partner_id, input: query });
      return ok({ handled: "orderInfo", query });
    },
    async revise(partner, input) {
      engine.calls.push({ method: "revise", partnerId: partner.partner_id, input });
      return ok({ handled: "revise", input });
    },
    async supplierRefund(partner, request) {
      engine.calls.push({ method: "supplierRefund", partnerId: partner.partner_id, input: request });
      return ok({ handled: "supplierRefund", request });
    },
    close() {
      engine.closed = true;
    },
  };
  return engine;
}

export interface Harness {
  handle: SandboxHandler;
  engine: FakeEngine;
  time: ManualTime;
  fixture: Fixture;
  errors: unknown[];
  /** A bearer token for the partner with this login. */
  login(login?: string): Promise<string>;
  /** Calls the handler; `body` objects are sent as JSON, strings as they are. */
  call(method: string, path: string, init?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
}

export function createHarness(options: { fixture?: Fixture; engine?: FakeEngine; basePath?: string } = {}): Harness {
  const fixture = options.fixture ?? testFixture();
  const engine = options.engine ?? createFakeEngine();
  const time = new ManualTime();
  const errors: unknown[] = [];
  const handle = createSandboxHandler({
    fixture,
    catalog: buildCatalogIndex(fixture),
    engine,
    clock: time,
    jwtSecret: new TextEncoder().encode(fixture.jwt_secret ?? JWT_SECRET),
    basePath: options.basePath,
    onError: (error) => errors.push(error),
  });
  const base = options.basePath ?? "";

  const harness: Harness = {
    handle,
    engine,
    time,
    fixture,
    errors,
    async login(login = "demo") {
      const partner = fixture.partners.find((p) => p.login === login) as FixturePartner;
      const response = await harness.call("POST", "/api/auth/login", { body: { login, api_key: partner.api_key } });
      const body = (await response.json()) as { token: string };
      return body.token;
    },
    call(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token !== undefined) headers.Authorization = `Bearer ${init.token}`;
      let body: string | undefined;
      if (typeof init.body === "string") body = init.body;
      else if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers["Content-Type"] ??= "application/json";
      }
      return handle(new Request(`http://sandbox.test${base}${path}`, { method, headers, body }));
    },
  };
  return harness;
}

/** Status and parsed body of a response, for one-line assertions. */
export async function read(response: Response): Promise<{ status: number; body: Record<string, unknown> }> {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
