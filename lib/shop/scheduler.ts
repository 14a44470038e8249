// The shop's scheduler as this deployment runs it (docs/scheduler.md): QStash when a token is
// set, the embedded QStash emulation in a demo, an in-process loop on a long-running server.
// The checkout's store and order emails get the alarm from here; the deadline route, the sweep
// route and instrumentation.ts take the rest.
import { randomUUID } from "node:crypto";
import type { Client, Receiver } from "@upstash/qstash";
import type { DeadlineAlarm } from "@/lib/checkout/deadline-alarm";
import { env } from "@/lib/config/env";
import { decideScheduler, type SchedulerKind } from "@/lib/config/scheduler-settings";
import { shopMode } from "@/lib/config/shop-mode";
import { selfCallOrigin, publicOrigin } from "@/lib/config/shop-origin";
import { getKv } from "@/lib/kv/get-kv";
import { isServerlessHost } from "@/lib/kv/resolve-driver";
import { detachedAlarm } from "@/lib/scheduler/detached-alarm";
import { qstashAlarm } from "@/lib/scheduler/qstash-alarm";
import { ensureSchedules } from "@/lib/scheduler/ensure-schedules";
import { processSingleton } from "@/lib/singleton";
import { systemClock } from "@/lib/time/clock";
import { runAfterResponse } from "./after-response";

export const DEADLINE_ROUTE = "/api/scheduler/deadline";

function serverless(): boolean {
  return isServerlessHost({ VERCEL: process.env.VERCEL, AWS_LAMBDA_FUNCTION_NAME: process.env.AWS_LAMBDA_FUNCTION_NAME });
}

/** Which scheduler this process uses; the start check has refused a configuration without one. */
export function schedulerKind(): SchedulerKind {
  const decided = decideScheduler(env(), shopMode(), serverless());
  return decided.ok ? decided.kind : "in-process";
}

/** Where deliveries go: the shop's public URL for QStash; loopback for the emulation in this process. */
export function deadlineUrl(): string {
  return `${schedulerKind() === "qstash-sandbox" ? selfCallOrigin() : publicOrigin()}${DEADLINE_ROUTE}`;
}

/**
 * The QStash client, on QStash itself or the demo's emulation (started with it). The client
 * package and the emulation are loaded only here, when first asked for: a checkout's alarm asks
 * after its answer is sent, so neither weighs on a fresh function's first answer.
 */
export function qstashClient(): Promise<Client | null> {
  return processSingleton("qstash-client", async () => {
    const kind = schedulerKind();
    if (kind === "in-process") return null;
    const { Client } = await import("@upstash/qstash");
    if (kind === "qstash") return new Client({ baseUrl: env().QSTASH_URL, token: env().QSTASH_TOKEN ?? "" });
    const { EMBEDDED_QSTASH_SANDBOX_PATH, embeddedQstashSecrets, getEmbeddedQstashSandbox } = await import("./embedded-qstash-sandbox");
    await getEmbeddedQstashSandbox();
    const { token } = await embeddedQstashSecrets();
    return new Client({ baseUrl: `${selfCallOrigin()}${EMBEDDED_QSTASH_SANDBOX_PATH}`, token });
  });
}

/**
 * The checkout's alarm: a QStash message per deadline, published once the request's answer is
 * sent (lib/scheduler/detached-alarm.ts); none for the in-process scheduler.
 */
export async function deadlineAlarm(): Promise<DeadlineAlarm | undefined> {
  if (schedulerKind() === "in-process") return undefined;
  return detachedAlarm(
    async () => {
      const client = await qstashClient();
      if (!client) throw new Error("the scheduler has no QStash client");
      return qstashAlarm({ client, deliveryUrl: deadlineUrl() });
    },
    runAfterResponse,
    (what, error) => console.error(`[scheduler] ${what} not published (the sweep will take it): ${String(error)}`),
  );
}

/** Verifies deliveries with the current and the next signing key (the emulation signs with one). */
export async function deadlineReceiver(): Promise<Receiver> {
  const { Receiver } = await import("@upstash/qstash");
  if (schedulerKind() === "qstash") return new Receiver({ currentSigningKey: env().QSTASH_CURRENT_SIGNING_KEY, nextSigningKey: env().QSTASH_NEXT_SIGNING_KEY });
  const { embeddedQstashSecrets } = await import("./embedded-qstash-sandbox");
  const { signingKey } = await embeddedQstashSecrets();
  return new Receiver({ currentSigningKey: signingKey, nextSigningKey: signingKey });
}

/**
 * The periodic jobs as QStash schedules (the sweep every 10 minutes as the net under the
 * per-deadline messages, the reconciliation daily), created once per day per process at most:
 * a schedule id makes each create an upsert.
 */
export async function keepSchedules(): Promise<void> {
  const secret = env().CRON_SECRET;
  if (schedulerKind() === "in-process" || !secret) return;
  // Asked before the client is loaded: on a serverless host every function's start comes here,
  // alongside its first request, and the schedules are due once a day.
  const kv = await getKv();
  const marker = `scheduler:schedules:${publicOrigin()}`;
  if ((await kv.get(marker)) !== null) return;
  const client = await qstashClient();
  if (!client) return;
  await ensureSchedules(client, { origin: schedulerKind() === "qstash-sandbox" ? selfCallOrigin() : publicOrigin(), cronSecret: secret });
  await kv.set(marker, String(systemClock.now()), { ttlMs: 24 * 3600_000 });
}

/**
 * Starts the in-process scheduler on a long-running server. With QStash it keeps the periodic
 * jobs' schedules instead, on a serverless host too: a function's cold start is the only moment
 * a deployment there runs code of its own, and without the schedules the sweep under the
 * per-deadline messages would come only from the host's daily cron. A demo's emulation on the
 * host keeps none: nothing there delivers a schedule between requests.
 */
export async function startScheduler(): Promise<void> {
  if (serverless()) {
    if (schedulerKind() === "qstash") await keepSchedules();
    return;
  }
  if (schedulerKind() !== "in-process") {
    await keepSchedules().catch((error: unknown) => console.error(`[scheduler] QStash schedules not kept: ${String(error)}`));
    return;
  }
  const [{ startInProcessScheduler }, { orderDeps }, { shopMailer, SHOP_NAME }, { systemScheduler }] = await Promise.all([
    import("@/lib/scheduler/in-process-scheduler"),
    import("./checkout"),
    import("./mailer"),
    import("@/lib/time/clock"),
  ]);
  const orders = await orderDeps();
  startInProcessScheduler({ kv: orders.kv, orders, email: { ...orders, mailer: shopMailer(), shopName: SHOP_NAME }, scheduler: systemScheduler, instanceId: randomUUID() });
  console.info("[scheduler] in-process scheduler started: due deadlines are read every few seconds");
}
