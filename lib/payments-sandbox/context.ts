// Everything a sandbox operation needs, built once per sandbox instance.
import type { Clock, Scheduler } from "@/lib/time/clock";
import type { IdGenerator } from "./clock-ids";
import type { EventType } from "./objects/records";
import type { PaymentsStore } from "./store";
import type { PostWebhook } from "./webhooks/post-webhook";

/** Ways Stripe warns webhooks may misbehave, switched on per instance for tests. */
export interface DeliveryFaults {
  /** Send every event twice. */
  duplicate?: boolean;
  /** Hold every event back this long before its first attempt. */
  delayMs?: number;
  /** Send the events due together newest first. */
  reorder?: boolean;
}

export interface PaymentsSandboxConfig {
  /** Where the hosted pages are reached, e.g. http://127.0.0.1:12111 or https://shop/payments-sandbox. */
  baseUrl: string;
  /** Where events are POSTed; null records them without delivering. */
  webhookUrl: string | null;
  /**
   * The event types the endpoint receives, as a Stripe webhook endpoint's `enabled_events`;
   * every type when absent. The others are recorded (retrievable at /v1/events/:id), not sent.
   */
  enabledEvents?: readonly EventType[];
  webhookSecret: string;
  /** Stripe's default Radar rule "Block if :risk_level: = 'highest'" (on unless turned off). */
  blockHighestRisk: boolean;
  /** How long an uncaptured authorization holds before it lapses (7 days, like cards). */
  authLapseMs: number;
  /** First retry delay; each further retry waits twice as long. */
  retryBaseMs: number;
  /** Attempts per event before the sandbox gives up on it. */
  maxAttempts: number;
  faults: DeliveryFaults;
}

export interface SandboxContext {
  store: PaymentsStore;
  clock: Clock;
  ids: IdGenerator;
  config: PaymentsSandboxConfig;
  /** Sends a webhook's POST; injectable so a test can deliver in process. */
  postWebhook: PostWebhook;
  /** Present where timers exist (standalone, dev); serverless relies on delivery per request. */
  scheduler: Scheduler | null;
}
