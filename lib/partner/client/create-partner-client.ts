// The typed client of the Partner API v1.0.9: one method per endpoint, failures as values.
// Retries only where repeating cannot buy twice: GETs, login, and /api/pay with an
// ext_order_id (the service's duplicate protection returns the existing order).
import type { z } from "zod";
import { err, type Result } from "@/lib/result";
import { systemClock, systemScheduler, type Clock, type Scheduler } from "@/lib/time/clock";
import type { AccountCheckQuery, OrderUpdateRequest, PayRequest, ReviseRequest } from "../schemas/requests";
import { accountCheckResultSchema, balanceSchema, type Order } from "../schemas/resources";
import { gamesListResponseSchema, reviseResponseSchema, voucherAvailableResponseSchema } from "../schemas/responses";
import { loginAnswerSchema, orderSchemaFor, orderUpdateAnswerSchema } from "./answer-schemas";
import type { PartnerError } from "./partner-error";
import type { CallOptions, PartnerClient, PartnerClientOptions } from "./partner-client";
import { DEFAULT_RETRIES, isTransient, retryDelayMs } from "./retry-policy";
import { createTokenManager } from "./token-manager";
import { createMemoryTokenStore } from "./token-store";
import { endpointName, exchange, type Answer, type PartnerRequest, type TransportDeps } from "./transport";
import { validateAnswer } from "./validate-answer";

export const DEFAULT_TIMEOUT_MS = 15_000;
/** Longer than the service's 60 s synchronous wait on /api/pay and /api/order_update. */
export const DEFAULT_PAY_TIMEOUT_MS = 75_000;
export const DEFAULT_REFRESH_MARGIN_MS = 60_000;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Create a client; nothing is sent until the first call (which logs in). */
export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  const clock: Clock = options.clock ?? systemClock;
  const scheduler: Scheduler = options.scheduler ?? systemScheduler;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const retries = Math.max(0, options.retries ?? DEFAULT_RETRIES);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const payTimeoutMs = options.payTimeoutMs ?? DEFAULT_PAY_TIMEOUT_MS;
  const transport: TransportDeps = {
    baseUrl: options.baseUrl,
    // Looked up per call so that a fetch replaced after creation (tests, instrumentation) is used.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    clock,
    scheduler,
  };

  async function withRetries(
    request: PartnerRequest,
    retrySafe: boolean,
    token: string | null,
  ): Promise<Result<Answer, PartnerError>> {
    for (let attempt = 0; ; attempt += 1) {
      const result = await exchange(transport, request, token);
      if (result.ok || !retrySafe || attempt >= retries || !isTransient(result.error)) return result;
      const delay = retryDelayMs(result.error, attempt, random);
      if (delay === null) return result;
      await sleep(delay);
      if (request.signal?.aborted) return result;
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
      const answer = await withRetries(request, true, null);
      return answer.ok ? validateAnswer(loginAnswerSchema, answer.value, endpointName(request)) : answer;
    },
  });

  /** Send with a token; a 401 gets exactly one new login and one more try, never a loop. */
  async function authorized(request: PartnerRequest, retrySafe: boolean): Promise<Result<Answer, PartnerError>> {
    const token = await tokens.current();
    if (!token.ok) return token;
    const first = await withRetries(request, retrySafe, token.value.token);
    if (first.ok || first.error.code !== 401) return first;
    const renewed = await tokens.renew(token.value.token);
    if (!renewed.ok) return renewed;
    return withRetries(request, retrySafe, renewed.value.token);
  }

  async function call<S extends z.ZodType>(
    request: PartnerRequest,
    retrySafe: boolean,
    schemaFor: S | ((body: unknown) => S),
  ): Promise<Result<z.output<S>, PartnerError>> {
    const answer = await authorized(request, retrySafe);
    if (!answer.ok) return err(answer.error);
    const schema = typeof schemaFor === "function" ? schemaFor(answer.value.body) : schemaFor;
    return validateAnswer(schema, answer.value, endpointName(request));
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

    balance: (callOptions) => call(get("/api/balance", undefined, callOptions), true, balanceSchema),

    gamesList: (callOptions) => call(get("/api/gameslist", undefined, callOptions), true, gamesListResponseSchema),

    voucherAvailable: (gameId, callOptions) =>
      call(get("/api/voucher_available", { game_id: gameId }, callOptions), true, voucherAvailableResponseSchema),

    pay(payRequest: PayRequest, callOptions?: CallOptions): Promise<Result<Order, PartnerError>> {
      const body = options.testMode && payRequest.test === undefined ? { ...payRequest, test: 1 as const } : payRequest;
      const idempotent = typeof body.ext_order_id === "string" && body.ext_order_id !== "";
      const request: PartnerRequest = {
        method: "POST",
        path: "/api/pay",
        body,
        timeoutMs: payTimeoutMs,
        signal: callOptions?.signal,
      };
      return call(request, idempotent, orderSchemaFor);
    },

    orderUpdate: ({ order_id, status }: OrderUpdateRequest, callOptions?: CallOptions) =>
      call(
        { method: "POST", path: "/api/order_update", body: { order_id, status }, timeoutMs: payTimeoutMs, signal: callOptions?.signal },
        false,
        orderUpdateAnswerSchema,
      ),

    orderInfo: (orderId, callOptions) =>
      call(get("/api/get_order_info", { order_id: orderId }, callOptions), true, orderSchemaFor),

    revise: ({ date_from, date_to, payments }: ReviseRequest, callOptions?: CallOptions) =>
      call(
        { method: "POST", path: "/api/revise", body: { date_from, date_to, payments }, timeoutMs, signal: callOptions?.signal },
        false,
        reviseResponseSchema,
      ),

    accountCheck: ({ game_id, account, test }: AccountCheckQuery, callOptions?: CallOptions) =>
      call(get("/api/account_check", { game_id, account, test }, callOptions), true, accountCheckResultSchema),
  };
}
