// The QStash emulation: what the real @upstash/qstash client talks to in tests and the demo, as
// the payments sandbox stands in for Stripe. It answers the client's publish and schedule calls
// (POST /v2/publish/<url>, POST /v2/schedules/<url>, GET and DELETE /v2/schedules[/<id>]), keeps
// the messages, and delivers each at its time, signed as QStash signs (sign-delivery.ts), retrying
// a delivery that is not answered 2xx after QStash's backoff. deliverDue() is one pass of that
// delivery: tests call it with their own clock; the demo runs it on a timer (start()).
import { randomUUID } from "node:crypto";
import type { Clock, Scheduler, TimerHandle } from "@/lib/time/clock";
import { createMessageStore, type MessageStore, type SandboxMessage, type SandboxSchedule } from "./message-store";
import { nextCronTime } from "./next-cron-time";
import { signDelivery } from "./sign-delivery";

export interface QstashSandboxConfig {
  /** The bearer token the client must send (QSTASH_TOKEN). */
  token: string;
  /** The key deliveries are signed with (QSTASH_CURRENT_SIGNING_KEY). */
  currentSigningKey: string;
}

export interface QstashSandboxDeps {
  config: QstashSandboxConfig;
  /** When messages are due: a test's manual clock, or the system clock. */
  clock: Clock;
  /** Wall-clock time for the signatures' times, which the receiver checks against its own clock. */
  wallClock?: Clock;
  /** How deliveries are sent; the global fetch by default. */
  fetch?: typeof fetch;
  /** Where the emulation is mounted (e.g. "/qstash-sandbox"); "" when served at the root. */
  basePath?: string;
}

export interface QstashSandbox {
  handle(request: Request): Promise<Response>;
  /** Deliver every message whose time has come (schedules fire first); answers how many were sent. */
  deliverDue(): Promise<number>;
  /** Run deliverDue every `everyMs` on `scheduler` until the returned stop is called. */
  start(scheduler: Scheduler, everyMs: number): () => void;
  store: MessageStore;
}

/** QStash's own retry backoff: min(1 day, e^(2.5·n)) seconds before retry n (12 s, 2.5 min, 30 min…). */
export function retryDelayMs(retry: number): number {
  return Math.min(86_400, Math.exp(2.5 * retry)) * 1000;
}

const DEFAULT_RETRIES = 3;

export function createQstashSandbox(deps: QstashSandboxDeps): QstashSandbox {
  const store = createMessageStore();
  const send = deps.fetch ?? fetch;
  const wallClock = deps.wallClock ?? { now: () => Date.now() };
  const basePath = deps.basePath ?? "";

  function enqueue(fields: Omit<SandboxMessage, "messageId" | "attempts" | "inFlight">): string {
    const messageId = `msg_${randomUUID()}`;
    store.messages.set(messageId, { ...fields, messageId, attempts: 0, inFlight: false });
    return messageId;
  }

  async function handle(request: Request): Promise<Response> {
    if (request.headers.get("authorization") !== `Bearer ${deps.config.token}`) return problem(401, "Unauthorized: the Authorization header does not carry QSTASH_TOKEN");
    const path = new URL(request.url).pathname.slice(basePath.length);
    const match = /^\/v2\/(publish|schedules)(?:\/(.*))?$/.exec(path);
    if (!match) return problem(404, `Not found: ${path} is not a QStash API the emulation answers (publish, schedules)`);
    const [, api, rest = ""] = match;
    if (api === "publish" && request.method === "POST") return publish(request, rest);
    if (api === "schedules") return scheduleApi(request, rest);
    return problem(405, `${request.method} ${path} is not allowed`);
  }

  async function publish(request: Request, rawDestination: string): Promise<Response> {
    const url = destination(rawDestination);
    if (!url) return problem(400, `invalid destination: "${rawDestination}" is not an http(s) URL`);
    const headers = request.headers;
    const dedupId = headers.get("upstash-deduplication-id");
    const known = dedupId ? store.dedup.get(dedupId) : undefined;
    if (known) return Response.json({ messageId: known, deduplicated: true }, { status: 201 });
    const at = notBefore(headers);
    if (at === null) return problem(400, "invalid Upstash-Delay or Upstash-Not-Before");
    const messageId = enqueue({
      url,
      method: headers.get("upstash-method") ?? "POST",
      body: await request.text(),
      headers: forwarded(headers),
      notBefore: at,
      retries: Number(headers.get("upstash-retries") ?? DEFAULT_RETRIES),
    });
    if (dedupId) store.dedup.set(dedupId, messageId);
    return Response.json({ messageId }, { status: 201 });
  }

  async function scheduleApi(request: Request, rest: string): Promise<Response> {
    if (request.method === "GET" && rest === "") return Response.json([...store.schedules.values()].map(publicSchedule));
    if (request.method === "GET") {
      const found = store.schedules.get(rest);
      return found ? Response.json(publicSchedule(found)) : problem(404, `schedule ${rest} not found`);
    }
    if (request.method === "DELETE") {
      store.schedules.delete(rest);
      return new Response(null, { status: 200 });
    }
    if (request.method !== "POST") return problem(405, `${request.method} /v2/schedules is not allowed`);
    const url = destination(rest);
    if (!url) return problem(400, `invalid destination: "${rest}" is not an http(s) URL`);
    const cron = request.headers.get("upstash-cron") ?? "";
    const nextAt = nextCronTime(cron, deps.clock.now());
    if (nextAt === null) return problem(400, `the emulation does not understand the cron "${cron}" (it knows */N * * * * and M H * * *)`);
    // Upstash-Schedule-Id makes the create an upsert: the same id replaces, never adds.
    const scheduleId = request.headers.get("upstash-schedule-id") ?? `scd_${randomUUID()}`;
    store.schedules.set(scheduleId, {
      scheduleId,
      destination: url,
      cron,
      method: request.headers.get("upstash-method") ?? "POST",
      body: await request.text(),
      headers: forwarded(request.headers),
      createdAt: deps.clock.now(),
      nextAt,
    });
    return Response.json({ scheduleId }, { status: 201 });
  }

  function fireSchedules(now: number): void {
    for (const schedule of store.schedules.values()) {
      if (schedule.nextAt > now) continue;
      enqueue({ url: schedule.destination, method: schedule.method, body: schedule.body, headers: schedule.headers, notBefore: now, retries: DEFAULT_RETRIES });
      schedule.nextAt = nextCronTime(schedule.cron, now) ?? Number.POSITIVE_INFINITY;
    }
  }

  async function deliver(message: SandboxMessage): Promise<void> {
    message.inFlight = true;
    message.attempts += 1;
    let status = 0;
    try {
      const signature = await signDelivery(deps.config.currentSigningKey, message.url, message.body, wallClock.now());
      const headers = { ...message.headers, "Upstash-Signature": signature, "Upstash-Message-Id": message.messageId, "Upstash-Retried": String(message.attempts - 1) };
      const answer = await send(message.url, { method: message.method, headers, body: message.method === "GET" ? undefined : message.body });
      status = answer.status;
      await answer.body?.cancel();
    } catch {
      status = 0;
    } finally {
      message.inFlight = false;
    }
    store.delivered.push({ messageId: message.messageId, url: message.url, status, attempt: message.attempts, at: deps.clock.now() });
    if (status >= 200 && status < 300) {
      store.messages.delete(message.messageId);
    } else if (message.attempts > message.retries) {
      store.messages.delete(message.messageId);
      store.dead.push(message);
    } else {
      message.notBefore = deps.clock.now() + retryDelayMs(message.attempts);
    }
  }

  async function deliverDue(): Promise<number> {
    const now = deps.clock.now();
    fireSchedules(now);
    const due = [...store.messages.values()].filter((message) => !message.inFlight && message.notBefore <= now);
    await Promise.all(due.map(deliver));
    return due.length;
  }

  function start(scheduler: Scheduler, everyMs: number): () => void {
    let timer: TimerHandle | null = null;
    let stopped = false;
    const tick = async () => {
      await deliverDue().catch((error: unknown) => console.error(`[qstash-sandbox] delivery pass failed: ${String(error)}`));
      if (!stopped) timer = scheduler.schedule(everyMs, tick);
    };
    timer = scheduler.schedule(everyMs, tick);
    return () => {
      stopped = true;
      timer?.cancel();
    };
  }

  function notBefore(headers: Headers): number | null {
    const at = headers.get("upstash-not-before");
    if (at !== null) return /^\d+$/.test(at) ? Number(at) * 1000 : null;
    const delay = headers.get("upstash-delay");
    if (delay === null) return deps.clock.now();
    const parsed = /^(\d+)(s|m|h|d)$/.exec(delay);
    if (!parsed) return null;
    const unit = { s: 1000, m: 60_000, h: 3600_000, d: 86_400_000 }[parsed[2] as "s" | "m" | "h" | "d"];
    return deps.clock.now() + Number(parsed[1]) * unit;
  }

  return { handle, deliverDue, start, store };
}

/** The destination from the request path: a proxy in between may have folded its "//" into "/". */
function destination(raw: string): string | null {
  const url = decodeURIComponent(raw).replace(/^(https?):\/+/, "$1://");
  return /^https?:\/\/[^/]+/.test(url) ? url : null;
}

/** What QStash passes on: Upstash-Forward-<Name> as <Name>, and the body's Content-Type. */
function forwarded(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name.startsWith("upstash-forward-")) out[name.slice("upstash-forward-".length)] = value;
  });
  const type = headers.get("content-type");
  if (type) out["content-type"] = type;
  return out;
}

function publicSchedule(schedule: SandboxSchedule) {
  return { scheduleId: schedule.scheduleId, cron: schedule.cron, destination: schedule.destination, method: schedule.method, createdAt: schedule.createdAt };
}

function problem(status: number, error: string): Response {
  return Response.json({ error }, { status });
}
