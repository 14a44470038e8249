// The shop's alerts from configuration, one instance per process.
import { createAlerts, type Alerts, type AlertInput } from "@/lib/alerts";
import { DEMO_OWNER } from "@/lib/auth/admin-settings";
import { env } from "@/lib/config/env";
import { shopMode } from "@/lib/config/shop-mode";
import { publicOrigin } from "@/lib/config/shop-origin";
import { getKv } from "@/lib/kv/get-kv";
import { shopMailer } from "./mailer";
import { systemClock } from "@/lib/time/clock";
import { processSingleton } from "@/lib/singleton";
import { afterResponse } from "./after-response";

/**
 * Each channel's bound. Alerts are raised from checkout steps and the cron sweep, which have
 * their own deadlines; a slow SMTP server or chat must not eat them.
 */
export const ALERT_DELIVERY_TIMEOUT_MS = 5_000;

export function shopAlerts(): Promise<Alerts> {
  return processSingleton("shop-alerts", async () => {
    const config = env();
    return createAlerts({
      kv: await getKv(),
      clock: systemClock,
      windowMs: config.ALERT_WINDOW_MINUTES * 60_000,
      targets: {
        mailer: shopMailer(),
        email: alertRecipient(),
        webhookUrl: config.ALERT_WEBHOOK_URL ?? null,
        fetch: (url, init) => fetch(url, init),
        timeoutMs: ALERT_DELIVERY_TIMEOUT_MS,
        absoluteLink: (link) => (link.startsWith("/") ? `${publicOrigin()}${link}` : link),
      },
    });
  });
}

/** ALERT_EMAIL, else the first owner; a demo's owner is the demo account, whose mail lands in the outbox. */
export function alertRecipient(): string | null {
  const config = env();
  return config.ALERT_EMAIL ?? config.ADMIN_EMAIL ?? (shopMode() === "demo" ? DEMO_OWNER.email : null);
}

/** Record the alert and send it unless its cause was sent within the window. Never throws. */
export async function raiseAlert(input: AlertInput): Promise<void> {
  try {
    await (await shopAlerts()).raise(input);
  } catch (error) {
    console.error(`[alerts] could not raise ${input.cause} (${input.title}): ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The cause has cleared (the balance was topped up): its alert closes and stops. Never throws. */
export async function clearAlert(cause: string): Promise<void> {
  try {
    await (await shopAlerts()).clear(cause);
  } catch (error) {
    console.error(`[alerts] could not clear ${cause}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * For callers that cannot wait (the checkout's alertOwner is synchronous): the alert starts at
 * once and is recorded and sent after the response (after-response.ts).
 */
export function raiseAlertInBackground(input: AlertInput): void {
  afterResponse(raiseAlert(input));
}
