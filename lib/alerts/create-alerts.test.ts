import { describe, expect, it } from "vitest";
import type { MailMessage, Mailer } from "@/lib/mail/mailer";
import { err, ok } from "@/lib/result";
import { listAudit } from "@/lib/audit";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { ALERT_KEYS } from "./alert-record";
import { createAlerts } from "./create-alerts";
import type { FetchLike } from "./deliver";

const WINDOW_MS = 60 * 60_000;

function world(options: { webhook?: FetchLike; mailFails?: boolean; noWebhook?: boolean; cap?: number } = {}) {
  let now = Date.UTC(2025, 0, 10, 9);
  const kv = createMemoryKv({ now: () => now });
  const mails: MailMessage[] = [];
  const posts: { url: string; body: unknown; headers: Record<string, string> }[] = [];
  const logs: string[] = [];
  const mailer: Mailer = {
    async send(message) {
      mails.push(message);
      return options.mailFails ? err({ code: "mail_failed", message: "SMTP refused the message: 550" }) : ok({ where: "outbox/1.eml" });
    },
  };
  const defaultFetch: FetchLike = async (url, init) => {
    posts.push({ url, body: JSON.parse(String(init.body)), headers: init.headers as Record<string, string> });
    return new Response("ok", { status: 200 });
  };
  const alerts = createAlerts({
    kv,
    clock: { now: () => now },
    windowMs: WINDOW_MS,
    cap: options.cap,
    log: (message) => logs.push(message),
    targets: {
      mailer,
      email: "owner@shop.example",
      webhookUrl: options.noWebhook ? null : "https://chat.example/hook",
      fetch: options.webhook ?? defaultFetch,
      timeoutMs: 200,
      absoluteLink: (link) => `https://shop.example${link}`,
    },
  });
  return { kv, alerts, mails, posts, logs, advance: (ms: number) => (now += ms) };
}

const lowBalance = { cause: "low-balance", title: "Partner balance low", detail: "12.00 USD left, threshold 50.00 USD", link: "/admin" };

describe("alerts", () => {
  it("sends one email and one webhook per cause per window, counting the repeats on one alert", async () => {
    const { alerts, mails, posts, advance } = world();
    await alerts.raise(lowBalance);
    advance(5 * 60_000);
    await alerts.raise({ ...lowBalance, detail: "9.00 USD left" });
    await alerts.raise(lowBalance);

    expect(mails).toHaveLength(1);
    expect(posts).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Alert: Partner balance low");
    expect(mails[0]?.text).toContain("https://shop.example/admin");
    expect(posts[0]?.body).toMatchObject({ text: expect.stringContaining("Partner balance low"), alert: { cause: "low-balance", count: 1 } });
    const page = await alerts.list();
    expect(page.alerts).toHaveLength(1);
    expect(page.alerts[0]).toMatchObject({ count: 3, clearedAt: null });
    expect(await alerts.openCount()).toBe(1);

    // Still happening after the window: one reminder on the same alert.
    advance(WINDOW_MS);
    await alerts.raise(lowBalance);
    await alerts.raise(lowBalance);
    expect(mails).toHaveLength(2);
    expect((await alerts.list()).alerts).toHaveLength(1);
    expect((await alerts.list()).alerts[0]?.deliveries).toHaveLength(4);
  });

  it("two processes raising the same new cause at once open one alert and send it once", async () => {
    const { alerts, mails } = world();
    await Promise.all([alerts.raise(lowBalance), alerts.raise(lowBalance), alerts.raise(lowBalance)]);
    const page = await alerts.list();
    expect(page.alerts).toHaveLength(1);
    expect(page.alerts[0]?.count).toBe(3);
    expect(mails).toHaveLength(1);
  });

  it("a cleared cause stops: it is closed, and the next occurrence opens a new alert, sent once the window allows", async () => {
    const { alerts, mails, advance } = world();
    await alerts.raise(lowBalance);
    await alerts.clear("low-balance");
    expect(await alerts.openCount()).toBe(0);
    expect((await alerts.list()).alerts[0]?.clearedAt).not.toBeNull();

    // Cleared: nothing more is sent for it, however long one waits.
    advance(3 * WINDOW_MS);
    expect(mails).toHaveLength(1);

    // It happens again after clearing: a new alert, sent (the window has passed).
    await alerts.raise(lowBalance);
    const page = await alerts.list();
    expect(page.alerts).toHaveLength(2);
    expect(page.alerts[0]).toMatchObject({ count: 1, clearedAt: null });
    expect(mails).toHaveLength(2);

    // Flapping inside the window: listed again, but not sent again.
    await alerts.clear("low-balance");
    advance(60_000);
    await alerts.raise(lowBalance);
    expect((await alerts.list()).alerts).toHaveLength(3);
    expect(mails).toHaveLength(2);
    expect(await alerts.openCount()).toBe(1);
  });

  it("clearing a cause that has no alert changes nothing", async () => {
    const { alerts, kv } = world();
    await alerts.clear("low-balance");
    expect(await kv.zCard(ALERT_KEYS.list)).toBe(0);
  });

  it("a failing webhook neither fails the caller nor stops the email, and is recorded on the alert", async () => {
    const failing: FetchLike = async () => new Response("nope", { status: 500 });
    const { alerts, mails, logs } = world({ webhook: failing });
    await expect(alerts.raise(lowBalance)).resolves.toBeUndefined();
    expect(mails).toHaveLength(1);
    const [alert] = (await alerts.list()).alerts;
    expect(alert?.deliveries).toEqual([
      expect.objectContaining({ channel: "email", ok: true }),
      expect.objectContaining({ channel: "webhook", ok: false, detail: "the webhook answered HTTP 500" }),
    ]);
    expect(logs.join("\n")).toContain("webhook delivery failed");
  });

  it("a webhook that never answers is cut off at the timeout and recorded", async () => {
    const hanging: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason as Error)));
    const { alerts } = world({ webhook: hanging });
    const started = Date.now();
    await alerts.raise(lowBalance);
    expect(Date.now() - started).toBeLessThan(2_000);
    const [alert] = (await alerts.list()).alerts;
    expect(alert?.deliveries.find((delivery) => delivery.channel === "webhook")).toMatchObject({ ok: false, detail: "no answer within 200 ms" });
  });

  it("a webhook that cannot be reached and a refusing mailer are both recorded", async () => {
    const unreachable: FetchLike = async () => {
      throw new TypeError("fetch failed");
    };
    const { alerts } = world({ webhook: unreachable, mailFails: true });
    const outcome = await alerts.raiseReported(lowBalance);
    expect(outcome.ok && outcome.value.deliveries.map((delivery) => [delivery.channel, delivery.ok])).toEqual([
      ["email", false],
      ["webhook", false],
    ]);
    const [alert] = (await alerts.list()).alerts;
    expect(alert?.deliveries[0]?.detail).toBe("SMTP refused the message: 550");
    expect(alert?.deliveries[1]?.detail).toContain("fetch failed");
  });

  it("the webhook carries an idempotency key and the alert's fields", async () => {
    const { alerts, posts } = world();
    await alerts.raise({ cause: "order:ord_1", title: "Order needs the owner", detail: "refund it", orderId: "ord_1", link: "/admin/orders/ord_1" });
    expect(posts[0]?.headers["idempotency-key"]).toMatch(/^alert-.+-1$/);
    expect(posts[0]?.body).toMatchObject({ alert: { orderId: "ord_1", link: "https://shop.example/admin/orders/ord_1", title: "Order needs the owner" } });
  });

  it("acknowledging twice is one acknowledgement, and an acknowledged alert sends no reminders", async () => {
    const { alerts, mails, advance, kv } = world();
    await alerts.raise(lowBalance);
    const [alert] = (await alerts.list()).alerts;
    if (!alert) throw new Error("no alert");
    const first = await alerts.acknowledge(alert.id, { email: "owner@shop.example", ip: null });
    advance(1_000);
    const second = await alerts.acknowledge(alert.id, { email: "staff@shop.example", ip: null });
    expect(first.ok && first.value.changed).toBe(true);
    expect(second.ok && second.value.changed).toBe(false);
    expect(second.ok && second.value.alert).toMatchObject({ acknowledgedBy: "owner@shop.example", acknowledgedAt: first.ok ? first.value.alert.acknowledgedAt : -1 });
    // One row, for the acknowledgement that changed something.
    expect((await listAudit(1, { kv })).entries).toEqual([expect.objectContaining({ actor: "owner@shop.example", action: "alerts.acknowledged", target: `alert:${alert.id}` })]);
    expect(await alerts.openCount()).toBe(0);

    advance(2 * WINDOW_MS);
    await alerts.raise(lowBalance);
    expect(mails).toHaveLength(1);
    expect((await alerts.list()).alerts[0]?.count).toBe(2);
    expect(await alerts.openCount()).toBe(0);
  });

  it("acknowledging an unknown alert is refused by name", async () => {
    const { alerts } = world();
    expect(await alerts.acknowledge("nope", { email: "owner@shop.example", ip: null })).toEqual({ ok: false, error: { code: "not_found", message: "no alert nope" } });
  });

  it("a test alert goes through the same delivery once per form submission", async () => {
    const { alerts, mails, posts, kv } = world();
    const first = await alerts.sendTest("form-token-1", { email: "owner@shop.example", ip: null });
    const again = await alerts.sendTest("form-token-1", { email: "owner@shop.example", ip: null });
    expect(first.ok && first.value.sent).toBe(true);
    expect(again.ok && again.value.sent).toBe(false);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Alert: [test] Test alert");
    expect((await listAudit(1, { kv })).entries).toEqual([expect.objectContaining({ actor: "owner@shop.example", action: "alerts.test_sent" })]);
    expect(posts).toHaveLength(1);
    const page = await alerts.list();
    expect(page.alerts).toHaveLength(1);
    expect(page.alerts[0]).toMatchObject({ test: true });
    await alerts.sendTest("form-token-2", { email: "owner@shop.example", ip: null });
    expect(mails).toHaveLength(2);
  });

  it("bad input is refused by name and records nothing; raise still does not throw", async () => {
    const { alerts, kv, logs, mails } = world();
    const outcome = await alerts.raiseReported({ cause: "has spaces", title: "x", detail: "" });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.message).toContain("cause");
    await expect(alerts.raise({ cause: "", title: "", detail: "" })).resolves.toBeUndefined();
    expect(logs.join("\n")).toContain("refused alert");
    expect(await kv.zCard(ALERT_KEYS.list)).toBe(0);
    expect(mails).toHaveLength(0);
  });

  it("keeps the newest alerts up to the cap, newest first, paged", async () => {
    const { alerts, kv, advance } = world({ cap: 3, noWebhook: true });
    for (let index = 1; index <= 5; index += 1) {
      advance(1_000);
      await alerts.raise({ cause: `order:ord_${index}`, title: `Order ${index}`, detail: "" });
    }
    expect(await kv.zCard(ALERT_KEYS.list)).toBe(3);
    const first = await alerts.list({ limit: 2 });
    expect(first.alerts.map((alert) => alert.title)).toEqual(["Order 5", "Order 4"]);
    expect(first.next).toBe(2);
    const second = await alerts.list({ offset: 2, limit: 2 });
    expect(second.alerts.map((alert) => alert.title)).toEqual(["Order 3"]);
    expect(second.next).toBeNull();
    // The trimmed alert's cause opens a new alert rather than counting on a record that is gone.
    await alerts.raise({ cause: "order:ord_1", title: "Order 1 again", detail: "" });
    expect((await alerts.list({ limit: 1 })).alerts[0]).toMatchObject({ title: "Order 1 again", count: 1 });
  });
});
