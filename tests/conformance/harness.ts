// A client written from the spec alone: it speaks HTTP (Request in, Response out) to the
// sandbox's `handle`, logs in like a partner would and parses JSON. Simulated time is a
// ManualTime, so a 60-second wait costs milliseconds; notifications go to a scripted fake fetch.
import { expect } from "vitest";
import { createSandbox } from "@/lib/sandbox/create-sandbox";
import type { Scheduler } from "@/lib/time/clock";
import { ManualTime, settle } from "@/tests/support/sandbox/manual-time";
import type { Fixture } from "@/lib/sandbox/fixture/schema";
import { conformanceFixture, type PartnerCredentials } from "./fixture";

export const BASE = "http://sandbox.test";

export type JsonObject = { [key: string]: unknown };

export interface ApiResult {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  json: unknown;
  /** The body as an object; fails the test when it is not one. */
  body: JsonObject;
}

export interface RequestOptions {
  query?: Record<string, string>;
  /** A value to send as JSON, or a raw string sent as is. */
  body?: unknown;
  rawBody?: string;
  token?: string | null;
  headers?: Record<string, string>;
}

export interface NotifyCall {
  url: string;
  method: string;
  headers: Headers;
  text: string;
  body: JsonObject;
  /** Simulated time of the attempt. */
  at: number;
}

/** What the partner endpoint does with a notification: an HTTP status, a thrown network error, or no answer. */
export type NotifyAnswer = number | "throw" | "hang";
export type NotifyScript = (call: NotifyCall, attemptsForThisBody: number) => NotifyAnswer;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asObject(value: unknown, what = "value"): JsonObject {
  expect(isObject(value), `${what} should be a JSON object, got ${JSON.stringify(value)}`).toBe(true);
  return isObject(value) ? value : {};
}

export function asArray(value: unknown, what = "value"): unknown[] {
  expect(Array.isArray(value), `${what} should be an array, got ${JSON.stringify(value)}`).toBe(true);
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown, what = "value"): string {
  expect(typeof value, `${what} should be a string, got ${JSON.stringify(value)}`).toBe("string");
  return typeof value === "string" ? value : "";
}

export function asNumber(value: unknown, what = "value"): number {
  expect(typeof value, `${what} should be a number, got ${JSON.stringify(value)}`).toBe("number");
  return typeof value === "number" ? value : Number.NaN;
}

export class NotifyRecorder {
  readonly calls: NotifyCall[] = [];
  script: NotifyScript = () => 200;
  private readonly attempts = new Map<string, number>();

  constructor(private readonly time: ManualTime) {}

  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = await request.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const call: NotifyCall = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      text,
      body: isObject(parsed) ? parsed : {},
      at: this.time.now(),
    };
    this.calls.push(call);
    const attempt = (this.attempts.get(text) ?? 0) + 1;
    this.attempts.set(text, attempt);
    const answer = this.script(call, attempt);
    if (answer === "throw") throw new TypeError("fetch failed: connection refused");
    if (answer === "hang") {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    }
    const nullBody = answer === 204 || answer === 205 || answer === 304;
    return new Response(nullBody ? null : answer >= 200 && answer < 300 ? "ok" : "failure", { status: answer });
  };

  /** Calls whose body belongs to one order. */
  forOrder(orderId: string): NotifyCall[] {
    return this.calls.filter((c) => c.body.order_id === orderId);
  }
}

export interface Harness {
  time: ManualTime;
  notify: NotifyRecorder;
  fixture: Fixture;
  /** Send a raw HTTP request; simulated time advances while the sandbox waits. */
  request(method: string, path: string, options?: RequestOptions): Promise<ApiResult>;
  /** Send a Request built by the test itself. */
  raw(request: Request): Promise<ApiResult>;
  /** Log in and return a client bound to the token. */
  as(partner: PartnerCredentials): Promise<PartnerClient>;
  login(partner: Pick<PartnerCredentials, "login" | "api_key">): Promise<string>;
  close(): void;
}

export interface PartnerClient {
  /** The current bearer token (renewed before it expires). */
  readonly token: string;
  get(path: string, query?: Record<string, string>): Promise<ApiResult>;
  post(path: string, body: unknown): Promise<ApiResult>;
  balance(): Promise<number>;
  pay(body: JsonObject): Promise<ApiResult>;
  orderInfo(orderId: string): Promise<ApiResult>;
  orderUpdate(orderId: string, status: number): Promise<ApiResult>;
}

async function toResult(response: Response): Promise<ApiResult> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    status: response.status,
    headers: response.headers,
    text,
    json,
    get body() {
      return asObject(json, `response body (${response.status}) ${text.slice(0, 300)}`);
    },
  };
}

export function createHarness(options: { fixture?: Fixture; time?: ManualTime } = {}): Harness {
  const time = options.time ?? new ManualTime();
  const notify = new NotifyRecorder(time);
  const fixture = options.fixture ?? conformanceFixture();
  // Counting what the sandbox schedules tells a call that waits on simulated time (it
  // scheduled a timer) from one that is merely busy with real asynchronous work.
  let scheduled = 0;
  const scheduler: Scheduler = {
    schedule(delayMs, task) {
      scheduled += 1;
      return time.schedule(delayMs, task);
    },
  };
  const sandbox = createSandbox({ fixture, clock: time, scheduler, notifyFetch: notify.fetch });

  /** Await a sandbox answer, moving simulated time only when the sandbox is really waiting. */
  async function drive<T>(promise: Promise<T>): Promise<T> {
    let done = false;
    const tracked = promise.finally(() => void (done = true));
    const scheduledBefore = scheduled;
    const startedAt = performance.now();
    // Real asynchronous work (WebCrypto for the JWT, body streams) finishes in real time, not
    // in event-loop turns. Move the simulated clock only once the call has scheduled a timer
    // and still has not answered, or after two real seconds without an answer.
    for (;;) {
      await settle(2);
      if (done) return tracked;
      const waited = performance.now() - startedAt;
      if ((scheduled > scheduledBefore && waited > 5) || waited > 2000) break;
      await new Promise<void>((resolve) => setTimeout(resolve, 1));
    }
    return time.run(tracked, { stepMs: 1000, limitMs: 6 * 3_600_000 });
  }

  async function request(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResult> {
    const url = new URL(path, BASE);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const headers = new Headers(opts.headers);
    if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    }
    const response = await drive(sandbox.handle(new Request(url, { method, headers, body })));
    return toResult(response);
  }

  async function login(partner: Pick<PartnerCredentials, "login" | "api_key">): Promise<string> {
    const res = await request("POST", "/api/auth/login", { body: { login: partner.login, api_key: partner.api_key } });
    expect(res.status, `login of ${partner.login}: ${res.text}`).toBe(200);
    return asString(res.body.token, "token");
  }

  async function as(partner: PartnerCredentials): Promise<PartnerClient> {
    // Like a real integrator (decision 9: no refresh endpoint), log in again shortly before
    // the hour is over, so tests that move the clock by hours keep a valid token.
    let token = await login(partner);
    let issuedAt = time.now();
    async function current(): Promise<string> {
      if (time.now() - issuedAt >= 3000_000) {
        token = await login(partner);
        issuedAt = time.now();
      }
      return token;
    }
    const client: PartnerClient = {
      get token() {
        return token;
      },
      get: async (path, query) => request("GET", path, { token: await current(), query }),
      post: async (path, body) => request("POST", path, { token: await current(), body }),
      async balance() {
        const res = await request("GET", "/api/balance", { token: await current() });
        expect(res.status, res.text).toBe(200);
        return asNumber(res.body.balance, "balance");
      },
      pay: async (body) => request("POST", "/api/pay", { token: await current(), body }),
      orderInfo: async (orderId) => request("GET", "/api/get_order_info", { token: await current(), query: { order_id: orderId } }),
      orderUpdate: async (orderId, status) =>
        request("POST", "/api/order_update", { token: await current(), body: { order_id: orderId, status } }),
    };
    return client;
  }

  async function raw(req: Request): Promise<ApiResult> {
    return toResult(await drive(sandbox.handle(req)));
  }

  return { time, notify, fixture, request, raw, as, login, close: () => sandbox.close() };
}

/** Money as the spec sends it: compare to the cent. */
export function cents(value: number): number {
  return Math.round(value * 100);
}

/**
 * Proves that no order carries `extOrderId` for this partner: a test-mode purchase of the
 * plain voucher with that ext_order_id must create a fresh order rather than return an old one
 * (decision 11 returns an existing order for a repeated ext_order_id). Test mode never debits.
 */
export async function expectNoOrderWithExtId(client: PartnerClient, extOrderId: string, probeVoucherId: number): Promise<void> {
  const res = await client.pay({ voucher_id: probeVoucherId, test: 1, ext_order_id: extOrderId });
  expect(res.status, res.text).toBe(200);
  expect(res.body.voucher_id, `an order with ext_order_id ${extOrderId} already existed: ${res.text}`).toBe(probeVoucherId);
  expect(res.body.order_status).toBe(2);
}
