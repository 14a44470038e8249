// Sending one alert to a person: an email through the shop's mailer and, when configured, a
// JSON POST to a webhook (a chat's incoming webhook reads `text`). Each channel is bounded by a
// timeout and answers a Delivery whatever happens, so an alert never blocks or breaks the
// checkout step or sweep that raised it.
import type { Mailer } from "@/lib/mail/mailer";
import type { AlertRecord, Delivery } from "./alert-record";

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface DeliveryTargets {
  mailer: Mailer;
  /** Who receives alert emails; null sends none. */
  email: string | null;
  webhookUrl: string | null;
  fetch: FetchLike;
  timeoutMs: number;
  /** Turns a record's link (an admin path) into an absolute URL for the message. */
  absoluteLink(link: string): string;
  now(): number;
}

export async function deliverAlert(record: AlertRecord, targets: DeliveryTargets): Promise<Delivery[]> {
  const link = record.link ? targets.absoluteLink(record.link) : null;
  const jobs: Promise<Delivery>[] = [];
  if (targets.email) jobs.push(sendEmail(record, link, targets.email, targets));
  if (targets.webhookUrl) jobs.push(postWebhook(record, link, targets.webhookUrl, targets));
  return Promise.all(jobs);
}

function summary(record: AlertRecord): string {
  const prefix = record.test ? "[test] " : "";
  return `${prefix}${record.title}`;
}

function bodyText(record: AlertRecord, link: string | null): string {
  return [
    record.detail,
    "",
    `Cause: ${record.cause}`,
    record.orderId ? `Order: ${record.orderId}` : null,
    `First seen: ${new Date(record.firstSeen).toISOString()}`,
    record.count > 1 ? `Seen ${record.count} times, last ${new Date(record.lastSeen).toISOString()}` : null,
    link ? `Open: ${link}` : null,
  ]
    .filter((line) => line !== null)
    .join("\n");
}

async function sendEmail(record: AlertRecord, link: string | null, to: string, targets: DeliveryTargets): Promise<Delivery> {
  const text = bodyText(record, link);
  const html = `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(text)}</pre>`;
  const outcome = await withTimeout(targets.mailer.send({ to, subject: `Alert: ${summary(record)}`, text, html }), targets.timeoutMs);
  const at = targets.now();
  if (outcome === "timeout") return { at, channel: "email", ok: false, detail: `no answer from the mailer within ${targets.timeoutMs} ms` };
  if (outcome instanceof Error) return { at, channel: "email", ok: false, detail: outcome.message };
  if (!outcome.ok) return { at, channel: "email", ok: false, detail: outcome.error.message };
  return { at, channel: "email", ok: true, detail: `to ${to}: ${outcome.value.where}` };
}

async function postWebhook(record: AlertRecord, link: string | null, url: string, targets: DeliveryTargets): Promise<Delivery> {
  const payload = {
    text: `${summary(record)}\n${bodyText(record, link)}`,
    alert: {
      id: record.id,
      cause: record.cause,
      title: record.title,
      detail: record.detail,
      orderId: record.orderId,
      link,
      firstSeen: new Date(record.firstSeen).toISOString(),
      lastSeen: new Date(record.lastSeen).toISOString(),
      count: record.count,
      test: record.test,
    },
  };
  const at = () => targets.now();
  try {
    const response = await targets.fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        // The same alert and occurrence count never posts twice under different keys.
        "idempotency-key": `alert-${record.id}-${record.count}`,
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(targets.timeoutMs),
      // A webhook that redirects is misconfigured; following it could post the alert elsewhere.
      redirect: "manual",
    });
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) return { at: at(), channel: "webhook", ok: false, detail: `the webhook answered HTTP ${response.status}` };
    return { at: at(), channel: "webhook", ok: true, detail: `HTTP ${response.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const detail = timedOut ? `no answer within ${targets.timeoutMs} ms` : `the webhook could not be reached: ${error instanceof Error ? error.message : String(error)}`;
    return { at: at(), channel: "webhook", ok: false, detail };
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | "timeout" | Error> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  try {
    return await Promise.race([work.catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}
