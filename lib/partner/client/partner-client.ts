// The client's public shape: its options and one method per Partner API endpoint.
import type { Result } from "@/lib/result";
import type { Clock, Scheduler } from "@/lib/time/clock";
import type { AccountCheckQuery, OrderUpdateRequest, PayRequest, ReviseRequest } from "../schemas/requests";
import type { AccountCheckResult, Balance, Order } from "../schemas/resources";
import type {
  GamesListResponse,
  OrderUpdateResponse,
  ReviseResponse,
  VoucherAvailableResponse,
} from "../schemas/responses";
import type { LoginAnswer } from "./answer-schemas";
import type { PartnerError } from "./partner-error";
import type { SkippedItem } from "./skip-bad-items";
import type { TokenStore } from "./token-store";

export interface PartnerClientOptions {
  /** Base address without `/api`, e.g. `https://partner.example.com` or `http://localhost:3000/sandbox`. */
  baseUrl: string;
  login: string;
  apiKey: string;
  /** Defaults to the global fetch; the sandbox's `handle` can stand in for in-process use. */
  fetch?: typeof fetch;
  /** Where the token is kept between calls; defaults to this process's memory. */
  tokenStore?: TokenStore;
  clock?: Clock;
  /** Runs the per-call timeout timers; defaults to real timers. */
  scheduler?: Scheduler;
  /** Waits between retries; defaults to a real timer. The signal fires when the wait is given up. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Source of retry jitter in [0, 1); defaults to Math.random. */
  random?: () => number;
  /** Timeout of each attempt, default 15 s. */
  timeoutMs?: number;
  /** Timeout of /api/pay and /api/order_update attempts, default 75 s (the service may wait 60 s). */
  payTimeoutMs?: number;
  /** Overall deadline of a call, retries and waits included; default twice `timeoutMs`. */
  deadlineMs?: number;
  /** Overall deadline of /api/pay and /api/order_update; default twice `payTimeoutMs`. */
  payDeadlineMs?: number;
  /** Told about each list item dropped for not matching its schema; defaults to a console warning. */
  onSkippedItem?: (skipped: SkippedItem) => void;
  /** Extra attempts after a transient failure of a call that is safe to repeat, default 2. */
  retries?: number;
  /** Log in again this long before the token expires, default 60 s. */
  refreshMarginMs?: number;
  /** Send `test: 1` with every /api/pay that does not set `test` (PARTNER_TEST_MODE). */
  testMode?: boolean;
}

export interface CallOptions {
  /**
   * Aborts the call (e.g. the buyer's request went away), also while it waits to retry; the
   * result is an "aborted" error.
   */
  signal?: AbortSignal;
  /** This call's overall deadline, replacing the client's `deadlineMs` / `payDeadlineMs`. */
  deadlineMs?: number;
}

type Call<T> = Promise<Result<T, PartnerError>>;

export interface PartnerClient {
  /**
   * POST /api/auth/login now and keep the token. Other methods log in by themselves when
   * needed, so this is for health checks and warm-up. A 401 means wrong login or api_key.
   */
  login(): Call<LoginAnswer>;

  /** GET /api/balance: the partner's balance and currency. */
  balance(options?: CallOptions): Call<Balance>;

  /**
   * GET /api/gameslist: the catalogue. A 404 error means no service is available to the
   * partner. An item that does not match the service schema is skipped and reported.
   */
  gamesList(options?: CallOptions): Call<GamesListResponse>;

  /**
   * GET /api/voucher_available: the denominations of one service; one that does not match the
   * voucher schema is skipped and reported. Errors: 400 bad game_id,
   * 403 no access, 404 unknown, 102 no vouchers or a `balance` service, 103 unavailable.
   */
  voucherAvailable(gameId: number, options?: CallOptions): Call<VoucherAvailableResponse>;

  /**
   * POST /api/pay: buy a voucher or top up a balance. A failed order (order_status 3,
   * success false) is a result, not an error. With an `ext_order_id` the call is retried on
   * transient failures, since the service answers a repeat with the existing order; without
   * one it is sent once, and a "timeout" error means the order may exist: reconcile with
   * `orderInfo`. An account-validation 400 exposes `error.deliveryMethod`.
   */
  pay(request: PayRequest, options?: CallOptions): Call<Order>;

  /**
   * POST /api/order_update: confirm (2) or release (3) a reserved order (status 6). Never
   * retried; on "timeout" read the order with `orderInfo`. Errors: 402 balance, 404, 101 final.
   */
  orderUpdate(request: OrderUpdateRequest, options?: CallOptions): Call<OrderUpdateResponse>;

  /** GET /api/get_order_info: the current state of an order, same shape as /api/pay's answer. */
  orderInfo(orderId: string, options?: CallOptions): Call<Order>;

  /** POST /api/revise: reconcile our order register for a period (at most 31 days). Never retried. */
  revise(request: ReviseRequest, options?: CallOptions): Call<ReviseResponse>;

  /**
   * GET /api/account_check: validate an account before ordering. "Player not found" and
   * `error_code: "wrong_service_region"` (with recommended_game_id) are results with
   * success=false; 400, 404 and 503 (check unavailable) are errors whose body keeps 2.8's fields.
   */
  accountCheck(query: AccountCheckQuery, options?: CallOptions): Call<AccountCheckResult>;
}
