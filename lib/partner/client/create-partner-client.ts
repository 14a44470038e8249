// The typed client of the Partner API v1.0.9: one method per endpoint, failures as values.
// Retries only where repeating cannot buy twice: GETs, login, and /api/pay with an
// ext_order_id (the service's duplicate protection returns the existing order).
import type { z } from "zod";
import { err, type Result } from "@/lib/result";
import { systemClock, systemScheduler, type Clock, type Scheduler } from "@/lib/time/clock";
import type { AccountCheckQuery, OrderUpdateRequest, PayRequest, ReviseRequest } from "../schemas/requests";
import {
  accountCheckResultSchema,
  balanceSchema,
  mismatchSchema,
  serviceSchema,
  voucherSchema,
  type Order,
} from "../schemas/resources";
import { gamesListResponseSchema, reviseResponseSchema, voucherAvailableResponseSchema } from "../schemas/responses";
import { loginAnswerSchema, orderSchemaFor, orderUpdateAnswerSchema } from "./answer-schemas";
import { PartnerError } from "./partner-error";
import type { CallOptions, PartnerClient, PartnerClientOptions } from "./partner-client";
import { DEFAULT_RETRIES, isTransient, retryDelayMs } from "./retry-policy";
import { createTokenManager } from "./token-manager";
import { createMemoryTokenStore } from "./token-store";
import { logSkippedItem, skipBadItems, type ListField } from "./skip-bad-items";
import { endpointName, exchange, type Answer, type PartnerRequest, type TransportDeps } from "./transport";
import { validateAnswer } from "./validate-answer";
import { waitUnlessAborted } from "./wait-unless-aborted";

export const DEFAULT_TIMEOUT_MS = 15_000;
/** Longer than the service's 60 s synchronous wait on /api/pay and /api/order_update. */
export const DEFAULT_PAY_TIMEOUT_MS = 75_000;
export const DEFAULT_REFRESH_MARGIN_MS = 60_000;
/**
 * Default overall deadline of a call, retries and their waits included, as a multiple of its
 * attempt timeout: room for one slow attempt and quick retries, while a buyer still waits.
 */
export const DEFAULT_DEADLINE_FACTOR = 2;

const GAMES_LIST: readonly ListField[] = [{ field: "available_games", item: serviceSchema, idField: "id" }];
const VOUCHERS: readonly ListField[] = [{ field: "available", item: voucherSchema, idField: "voucher_id" }];
const MISMATCHES: readonly ListField[] = [{ field: "revise_payments_mismatches", item: mismatchSchema, idField: "order_id" }];

/** How one call is sent and read. */
interface CallSpec<S extends z.ZodType> {
  /**
   * Whether a transient failure is sent again: reads, and a /api/pay that upstream deduplicates
   * by its ext_order_id. A write without such a key is sent once, or it might act twice.
   */
  retrySafe: boolean;
  schema: S | ((body: unknown) => S);
  /** The answer's lists whose unreadable items are skipped, not the whole answer refused. */
  lists?: readonly ListField[];
}

/** One request's sending: whether it may be repeated, and until when (epoch ms). */
interface Sending {
  retrySafe: boolean;
  deadlineAt: number;
}

const realSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => clearTimeout(timer), { once: true });
  });

/** Create a client; nothing is sent until the first call (which logs in). */
export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  const clock: Clock = options.clock ?? systemClock;
  const scheduler: Scheduler = options.scheduler ?? systemScheduler;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const retries = Math.max(0, options.retries ?? DEFAULT_RETRIES);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const payTimeoutMs = options.payTimeoutMs ?? DEFAULT_PAY_TIMEOUT_MS;
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_FACTOR * timeoutMs;
  const payDeadlineMs = options.payDeadlineMs ?? DEFAULT_DEADLINE_FACTOR * payTimeoutMs;
  const reportSkipped = options.onSkippedItem ?? logSkippedItem;
  const transport: TransportDeps = {
    baseUrl: options.baseUrl,
    // Looked up per call so that a fetch replaced after creation (tests, instrumentation) is used.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    clock,
    scheduler,
  };

  /**
   * Send until an answer, a failure that is not transient, or the end of the retries or of the
   * deadline. Each attempt's timeout is cut to what is left of the deadline; a wait that would
   * end past it is not started, and the caller's abort ends a wait at once.
   */
  async function withRetries(request: PartnerRequest, token: string | null, { retrySafe, deadlineAt }: Sending): Promise<Result<Answer, PartnerError>> {
    const endpoint = endpointName(request);
    // Once an attempt may have reached the service, the call as a whole may have.
    let mayHaveTakenEffect = false;
    const failWith = (error: PartnerError) => err(error.withMayHaveTakenEffect(mayHaveTakenEffect || error.mayHaveTakenEffect));
    for (let attempt = 0; ; attempt += 1) {
      const left = deadlineAt - clock.now();
      if (left <= 0) {
        return failWith(new PartnerError({ code: "timeout", status: null, text: "the call's deadline passed", endpoint }));
      }
      const result = await exchange(transport, { ...request, timeoutMs: Math.min(request.timeoutMs, left) }, token);
      if (result.ok) return result;
      mayHaveTakenEffect ||= result.error.mayHaveTakenEffect;
      if (!retrySafe || attempt >= retries || !isTransient(result.error)) return failWith(result.error);
      const delay = retryDelayMs(result.error, attempt, random);
      if (delay === null || clock.now() + delay >= deadlineAt) return failWith(result.error);
      const waited = await waitUnlessAborted((signal) => sleep(delay, signal), request.signal);
      if (!waited) {
        return failWith(
          new PartnerError({ code: "aborted", status: null, text: "the call was aborted while waiting to retry", endpoint }),
        );
      }
    }
  }

  const tokens = createTokenManager({
    store: options.tokenStore ?? createMemoryTokenStore(),
    clock,
    refreshMarginMs: options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS,
    sleep,
    async requestLogin() {
      const request: PartnerRequest = {
        method: "POST",
        path: "/api/auth/login",
        body: { login: options.login, api_key: options.apiKey },
        timeoutMs,
      };
      const answer = await withRetries(request, null, { retrySafe: true, deadlineAt: clock.now() + deadlineMs });
      return answer.ok ? validateAnswer(loginAnswerSchema, answer.value, endpointName(request)) : answer;
    },
  });

  /**
   * Send with a token; a 401 gets exactly one new login and one more try, never a loop. A
   * failed login means the call itself was never sent.
   */
  async function authorized(request: PartnerRequest, sending: Sending): Promise<Result<Answer, PartnerError>> {
    const token = await tokens.current();
    if (!token.ok) return err(token.error.withMayHaveTakenEffect(false));
    const first = await withRetries(request, token.value.token, sending);
    if (first.ok || first.error.code !== 401) return first;
    const renewed = await tokens.renew(token.value.token);
    if (!renewed.ok) return err(renewed.error.withMayHaveTakenEffect(false));
    return withRetries(request, renewed.value.token, sending);
  }

  async function call<S extends z.ZodType>(
    request: PartnerRequest,
    { retrySafe, schema: schemaFor, lists = [] }: CallSpec<S>,
    callOptions?: CallOptions,
  ): Promise<Result<z.output<S>, PartnerError>> {
    const endpoint = endpointName(request);
    const deadline = callOptions?.deadlineMs ?? (request.changesState ? payDeadlineMs : deadlineMs);
    const answer = await authorized(request, { retrySafe, deadlineAt: clock.now() + deadline });
    if (!answer.ok) return err(answer.error);
    const body = skipBadItems(answer.value.body, lists, endpoint, reportSkipped);
    const schema = typeof schemaFor === "function" ? schemaFor(body) : schemaFor;
    return validateAnswer(schema, { status: answer.value.status, body }, endpoint, request.changesState === true);
  }

  const get = (path: string, query: PartnerRequest["query"], callOptions?: CallOptions): PartnerRequest => ({
    method: "GET",
    path,
    query,
    timeoutMs,
    signal: callOptions?.signal,
  });

  return {
    async login() {
      const outcome = await tokens.login();
      return outcome.ok ? { ok: true, value: outcome.value.answer } : outcome;
    },

    balance: (callOptions) => call(get("/api/balance", undefined, callOptions), { retrySafe: true, schema: balanceSchema }, callOptions),

    gamesList: (callOptions) =>
      call(get("/api/gameslist", undefined, callOptions), { retrySafe: true, schema: gamesListResponseSchema, lists: GAMES_LIST }, callOptions),

    voucherAvailable: (gameId, callOptions) =>
      call(
        get("/api/voucher_available", { game_id: gameId }, callOptions),
        { retrySafe: true, schema: voucherAvailableResponseSchema, lists: VOUCHERS },
        callOptions,
      ),

    pay(payRequest: PayRequest, callOptions?: CallOptions): Promise<Result<Order, PartnerError>> {
      const body = options.testMode && payRequest.test === undefined ? { ...payRequest, test: 1 as const } : payRequest;
      const idempotent = typeof body.ext_order_id === "string" && body.ext_order_id !== "";
      const request: PartnerRequest = {
        method: "POST",
        path: "/api/pay",
        body,
        timeoutMs: payTimeoutMs,
        signal: callOptions?.signal,
        changesState: true,
      };
      return call(request, { retrySafe: idempotent, schema: orderSchemaFor }, callOptions);
    },

    orderUpdate: ({ order_id, status }: OrderUpdateRequest, callOptions?: CallOptions) =>
      call(
        {
          method: "POST",
          path: "/api/order_update",
          body: { order_id, status },
          timeoutMs: payTimeoutMs,
          signal: callOptions?.signal,
          changesState: true,
        },
        { retrySafe: false, schema: orderUpdateAnswerSchema },
        callOptions,
      ),

    orderInfo: (orderId, callOptions) =>
      call(get("/api/get_order_info", { order_id: orderId }, callOptions), { retrySafe: true, schema: orderSchemaFor }, callOptions),

    revise: ({ date_from, date_to, payments }: ReviseRequest, callOptions?: CallOptions) =>
      call(
        { method: "POST", path: "/api/revise", body: { date_from, date_to, payments }, timeoutMs, signal: callOptions?.signal },
        { retrySafe: false, schema: reviseResponseSchema, lists: MISMATCHES },
        callOptions,
      ),

    accountCheck: ({ game_id, account, test }: AccountCheckQuery, callOptions?: CallOptions) =>
      call(get("/api/account_check", { game_id, account, test }, callOptions), { retrySafe: true, schema: accountCheckResultSchema }, callOptions),
  };
}
