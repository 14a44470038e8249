// The conformance suite's own fixture (docs/sandbox-fixture.md): plain JSON parsed
// through the sandbox's fixture schema, so every service, voucher, partner, supplier outcome and
// timing a test relies on is written here and not borrowed from the bundled default.
import { fixtureSchema, type Fixture } from "@/lib/sandbox/fixture/schema";

export const TEST_ACCOUNT_WORD = "conformtest";
export const JWT_SECRET = "conformance-suite-secret-0123456789";
export const NOTIFY_URL = "http://partner.test/notify";
export const NOTIFY_HEADERS = { "X-Partner-Auth": "hook-secret-42", "X-Partner-Ref": "conformance" };
export const RETRY_DELAYS_SECONDS = [10, 60, 300];
export const SYNC_WAIT_SECONDS = 60;
export const RESERVATION_TTL_SECONDS = 3600;

export interface PartnerCredentials {
  partner_id: number;
  partner_name: string;
  user_id: number;
  user_name: string;
  login: string;
  api_key: string;
  balance: number;
  currency: string;
}

function partner(id: number, login: string, name: string, balance: number): PartnerCredentials {
  return {
    partner_id: id,
    partner_name: name,
    user_id: 100 + id,
    user_name: `${login}-user`,
    login,
    api_key: `${login}-api-key`,
    balance,
    currency: "USD",
  };
}

/** Partners by role. */
export const P = {
  /** No notifications, access to everything, plenty of balance. */
  main: partner(1, "alpha", "Alpha Games", 1000),
  /** Notifications enabled with extra headers. */
  hooked: partner(2, "hooked", "Hooked Retail", 500),
  /** Access to services 1 and 432 only. */
  limited: partner(3, "narrow", "Narrow Shop", 100),
  /** rate_limit_per_minute = 5. */
  throttled: partner(4, "throttled", "Throttled Store", 100),
  /** Only 10.00 on the balance. */
  poor: partner(5, "lean", "Lean Outlet", 10),
  /** A second ordinary partner, for independence checks. */
  other: partner(6, "beta", "Beta Market", 1000),
} as const;

export const RATE_LIMIT_PER_MINUTE = 5;
export const LIMITED_SERVICE_IDS = [1, 432];

/** Service ids by role. */
export const S = {
  /** balance type, discount 2.5 %, amount 1..500, account check, instant success. */
  wallet: 1,
  /** voucher, auto activation (30 s), reservation, account check, instant success. */
  arena: 432,
  /** voucher, direct_topup with a single player id, account check, no reservation. */
  sky: 431,
  /** voucher, direct_topup player_id|zone_id, outside Russia. */
  mystic: 426,
  /** same brand as 426, Russia only. */
  mysticRu: 92837,
  /** voucher_code, no account check, no reservation, manual activation. */
  plain: 500,
  /** service not avalible. */
  offline: 501,
  /** supplier declines. */
  decline: 502,
  /** supplier never finishes; delivery_time_max_minutes 10; reservation available. */
  stall: 503,
  /** supplier succeeds then refunds after 120 s; reservation available. */
  refund: 504,
  /** supplier unavailable. */
  down: 505,
  /** supplier success after 120 s (beyond the 60 s wait); reservation available. */
  slow: 506,
  /** balance type, supplier success after 120 s. */
  slowWallet: 507,
  /** auto activation lasting 90 s. */
  longActivation: 508,
  /** auto activation whose first attempt fails; reservation available. */
  flakyActivation: 509,
  /** voucher type whose only voucher is not avalible. */
  empty: 510,
  /** account check supported but switched off. */
  checkOff: 511,
  /** balance type whose supplier declines. */
  declineWallet: 512,
  /** supplier success after 30 s (within the 60 s wait); reservation available. */
  medium: 513,
} as const;

/** Voucher ids by role. */
export const V = {
  arenaCode: 4321, // 9.50, voucher_code, discount 5
  arenaTwoPart: 4322, // 19.00, voucher_code, two-part code valid 30 days
  arenaDirect: 4323, // 4.75, direct_topup, account "player_id"
  arenaOff: 4324, // not avalible
  skyDirect: 4311, // 10.00, direct_topup, account "player_id"
  mysticDirect: 4261, // 2.91, direct_topup, player_id|zone_id
  mysticRuDirect: 928371, // 2.85, direct_topup, player_id|zone_id
  plainCode: 5001, // 20.00, voucher_code
  plainBig: 5002, // 400.00, voucher_code, not avalible
  offlineCode: 5011, // 5.00
  declineCode: 5021, // 5.00
  stallCode: 5031, // 5.00
  refundCode: 5041, // 6.00
  downCode: 5051, // 50.00
  slowCode: 5061, // 3.00, voucher_code
  slowDirect: 5062, // 3.00, direct_topup
  longActivationCode: 5081, // 8.00
  flakyActivationCode: 5091, // 7.00
  checkOffDirect: 5111, // 1.00
  mediumCode: 5131, // 4.00
  emptyOff: 5101, // 5.00, not avalible (the only voucher of its service)
} as const;

export const PLAYERS = {
  wallet: { game_id: 1, account: "wallet-0001", player_name: "Wallet Owner", region: "US" },
  arena: { game_id: 432, account: "900100200", player_name: "ArenaAce", region: "EU" },
  sky: { game_id: 431, account: "700100", player_name: "SkyPilot", region: "NA" },
  mystic: { game_id: 426, account: "12345678|1234", player_name: "HeroOne", region: "SEA" },
  mysticRu: { game_id: 92837, account: "87654321|4321", player_name: "HeroRu", region: "RU" },
} as const;

const fastSuccess = { outcome: "success", latency_seconds: 0 };

function codeVoucher(id: number, name: string, amount: number, origin: number, discount: number, coins: number) {
  return {
    avalible: true,
    voucher_id: id,
    voucher_name: name,
    amount,
    currency: "USD",
    game_coins: coins,
    origin_price: origin,
    origin_currency: "USD",
    discount_rate: discount,
    account_need: false,
    account_check: false,
    delivery_method: "voucher_code",
  };
}

function directVoucher(id: number, name: string, amount: number, origin: number, discount: number, coins: number) {
  return {
    ...codeVoucher(id, name, amount, origin, discount, coins),
    account_need: true,
    delivery_method: "direct_topup",
    account_format: "player_id",
  };
}

const zoneFields = [
  {
    name: "player_id",
    type: "input",
    label: "Player ID",
    prefix: "",
    label_zh: "玩家ID",
    position: 1,
    multiline: false,
    placeholder: "12345678",
  },
  {
    name: "zone_id",
    type: "input",
    label: "Zone ID",
    prefix: "",
    label_zh: "区服ID",
    position: 2,
    multiline: false,
    placeholder: "1234",
  },
];

function zoneVoucher(id: number, name: string, amount: number, origin: number, discount: number, coins: number) {
  return {
    ...directVoucher(id, name, amount, origin, discount, coins),
    account_format: "player_id|zone_id",
    account_separator: "|",
    account_fields: zoneFields,
  };
}

function service(id: number, name: string, extra: Record<string, unknown>) {
  return {
    id,
    game_name: name,
    brand: name,
    country: null,
    region: "GLOBAL",
    platform: "PC",
    delivery_time_target_minutes: 5,
    delivery_time_max_minutes: 60,
    description: null,
    type: "voucher",
    activation: "manual",
    currency: "USD",
    avalible: true,
    request: false,
    account_check: false,
    account_check_enabled: true,
    discount_percent: null,
    min_amount: null,
    max_amount: null,
    supplier: fastSuccess,
    vouchers: [],
    ...extra,
  };
}

export const conformanceFixtureJson = {
  test_account_word: TEST_ACCOUNT_WORD,
  sync_wait_seconds: SYNC_WAIT_SECONDS,
  reservation_ttl_seconds: RESERVATION_TTL_SECONDS,
  notify_retry_delays_seconds: RETRY_DELAYS_SECONDS,
  jwt_secret: JWT_SECRET,
  partners: [
    { ...P.main, notify_url: null, notify_headers: {}, service_ids: null, rate_limit_per_minute: null },
    { ...P.hooked, notify_url: NOTIFY_URL, notify_headers: NOTIFY_HEADERS, service_ids: null, rate_limit_per_minute: null },
    { ...P.limited, notify_url: null, notify_headers: {}, service_ids: LIMITED_SERVICE_IDS, rate_limit_per_minute: null },
    { ...P.throttled, notify_url: null, notify_headers: {}, service_ids: null, rate_limit_per_minute: RATE_LIMIT_PER_MINUTE },
    { ...P.poor, notify_url: null, notify_headers: {}, service_ids: null, rate_limit_per_minute: null },
    { ...P.other, notify_url: null, notify_headers: {}, service_ids: null, rate_limit_per_minute: null },
  ],
  services: [
    service(S.wallet, "Store Wallet", {
      type: "balance",
      platform: "Web",
      description: "Top up a store wallet",
      account_check: true,
      discount_percent: 2.5,
      min_amount: 1,
      max_amount: 500,
    }),
    service(S.arena, "Battle Arena Points", {
      brand: "Battle Arena",
      delivery_time_target_minutes: 2,
      delivery_time_max_minutes: 30,
      activation: "auto",
      request: true,
      account_check: true,
      supplier: { outcome: "success", latency_seconds: 0, activation_seconds: 30 },
      vouchers: [
        codeVoucher(V.arenaCode, "Battle Arena 100 Points", 9.5, 10, 5, 100),
        { ...codeVoucher(V.arenaTwoPart, "Battle Arena 200 Points", 19, 20, 5, 200), code_parts: 2, code_valid_days: 30 },
        { ...directVoucher(V.arenaDirect, "Battle Arena Direct 50", 4.75, 5, 5, 50), account_check: true },
        { ...codeVoucher(V.arenaOff, "Battle Arena 1000 Points", 95, 100, 5, 1000), avalible: false },
      ],
    }),
    service(S.sky, "Sky Legends Gems", {
      brand: "Sky Legends",
      platform: "Mobile",
      account_check: true,
      vouchers: [{ ...directVoucher(V.skyDirect, "Sky Legends 60 Gems", 10, 10, 0, 60), account_check: true }],
    }),
    service(S.mystic, "Mystic Heroes Diamonds", {
      brand: "Mystic Heroes",
      region: "ROW",
      platform: "Mobile",
      account_check: true,
      vouchers: [{ ...zoneVoucher(V.mysticDirect, "Mystic Heroes 100 Diamonds", 2.91, 3, 3, 100), account_check: true }],
    }),
    service(S.mysticRu, "Mystic Heroes Diamonds RU", {
      brand: "Mystic Heroes",
      country: "RU",
      region: null,
      platform: "Mobile",
      account_check: true,
      vouchers: [{ ...zoneVoucher(V.mysticRuDirect, "Mystic Heroes 100 Diamonds RU", 2.85, 3, 5, 100), account_check: true }],
    }),
    service(S.plain, "Pixel Quest Card", {
      brand: "Pixel Quest",
      country: "DE",
      region: null,
      platform: "Console",
      description: "Gift card",
      vouchers: [
        codeVoucher(V.plainCode, "Pixel Quest 20", 20, 20, 0, 20),
        { ...codeVoucher(V.plainBig, "Pixel Quest 400", 400, 400, 0, 400), avalible: false },
      ],
    }),
    service(S.offline, "Offline Realms", { avalible: false, vouchers: [codeVoucher(V.offlineCode, "Offline Realms 5", 5, 5, 0, 5)] }),
    service(S.decline, "Declined Kingdom", {
      supplier: { outcome: "error", latency_seconds: 0 },
      vouchers: [codeVoucher(V.declineCode, "Declined Kingdom 5", 5, 5, 0, 5)],
    }),
    service(S.stall, "Stalled Empire", {
      delivery_time_target_minutes: 5,
      delivery_time_max_minutes: 10,
      request: true,
      supplier: { outcome: "stall" },
      vouchers: [codeVoucher(V.stallCode, "Stalled Empire 5", 5, 5, 0, 5)],
    }),
    service(S.refund, "Refund Valley", {
      request: true,
      supplier: { outcome: "refund_after", latency_seconds: 0, refund_after_seconds: 120 },
      vouchers: [codeVoucher(V.refundCode, "Refund Valley 6", 6, 6, 0, 6)],
    }),
    service(S.down, "Downtime Depths", {
      supplier: { outcome: "unavailable" },
      vouchers: [codeVoucher(V.downCode, "Downtime Depths 50", 50, 50, 0, 50)],
    }),
    service(S.slow, "Slowpoke Saga", {
      request: true,
      supplier: { outcome: "success", latency_seconds: 120 },
      vouchers: [codeVoucher(V.slowCode, "Slowpoke Saga 3", 3, 3, 0, 3), directVoucher(V.slowDirect, "Slowpoke Saga Direct 3", 3, 3, 0, 3)],
    }),
    service(S.slowWallet, "Slow Wallet", {
      type: "balance",
      discount_percent: 0,
      supplier: { outcome: "success", latency_seconds: 120 },
    }),
    service(S.longActivation, "Long Activation Odyssey", {
      activation: "auto",
      supplier: { outcome: "success", latency_seconds: 0, activation_seconds: 90 },
      vouchers: [codeVoucher(V.longActivationCode, "Long Activation 8", 8, 8, 0, 8)],
    }),
    service(S.flakyActivation, "Flaky Activation Frontier", {
      activation: "auto",
      request: true,
      supplier: { outcome: "success", latency_seconds: 0, activation_seconds: 0, activation_fails: true },
      vouchers: [codeVoucher(V.flakyActivationCode, "Flaky Activation 7", 7, 7, 0, 7)],
    }),
    service(S.empty, "Empty Shelf", { vouchers: [{ ...codeVoucher(V.emptyOff, "Empty Shelf 5", 5, 5, 0, 5), avalible: false }] }),
    service(S.checkOff, "Check Off Arena", {
      account_check: true,
      account_check_enabled: false,
      vouchers: [{ ...directVoucher(V.checkOffDirect, "Check Off 1", 1, 1, 0, 1), account_check: true }],
    }),
    service(S.declineWallet, "Declining Wallet", {
      type: "balance",
      discount_percent: 0,
      supplier: { outcome: "error", latency_seconds: 0 },
    }),
    service(S.medium, "Medium Pace Tales", {
      request: true,
      supplier: { outcome: "success", latency_seconds: 30 },
      vouchers: [codeVoucher(V.mediumCode, "Medium Pace 4", 4, 4, 0, 4)],
    }),
  ],
  players: Object.values(PLAYERS),
};

export function conformanceFixture(): Fixture {
  return fixtureSchema.parse(structuredClone(conformanceFixtureJson));
}

/** A service of the fixture JSON as written, for comparing served catalogue fields. */
export function fixtureService(id: number) {
  const found = conformanceFixtureJson.services.find((s) => s.id === id);
  if (!found) throw new Error(`fixture has no service ${id}`);
  return found;
}
