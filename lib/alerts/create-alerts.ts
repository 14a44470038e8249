// Alerts that reach a person, once per cause per window. A cause ("order:<id>", "low-balance")
// has at most one active alert: raising it again counts on that alert instead of opening
// another, and it is sent again only once the window has passed (a reminder, unless someone
// acknowledged it). Clearing a cause closes its alert, so the next occurrence opens a new one;
// the window's send mark stays, so a cause that flaps does not send again inside the window.
// A person acknowledging an alert or sending a test is written to the audit log here, with it.
import { monotonicFactory } from "ulid";
import { recordAudit, type Actor } from "@/lib/audit";
import type { Kv } from "@/lib/kv/kv";
import { err, ok, type Result } from "@/lib/result";
import type { Clock } from "@/lib/time/clock";
import { ALERT_KEYS, alertInputSchema, causeSchema, MAX_DELIVERIES, type AlertInput, type AlertRecord, type ParsedAlertInput, type Delivery } from "./alert-record";
import { indexNewAlert, listAlerts, openAlertCount, updateAlert, writeNewAlert, type AlertPage } from "./alert-store";
import { deliverAlert, type DeliveryTargets } from "./deliver";

export interface AlertsDeps {
  kv: Kv;
  clock: Clock;
  /** One delivery per cause within this many milliseconds. */
  windowMs: number;
  targets: Omit<DeliveryTargets, "now">;
  /** Alerts kept in the list; the oldest beyond go. */
  cap?: number;
  log?: (message: string) => void;
}

export interface RaiseOutcome {
  alert: AlertRecord;
  /** False when the window's delivery of this cause had already gone, or it is acknowledged. */
  sent: boolean;
  deliveries: Delivery[];
}

export interface AlertError {
  code: "invalid_alert" | "not_found";
  message: string;
}

export interface Alerts {
  /** Never throws: a failure to record or send is logged, and the caller goes on. */
  raise(input: AlertInput): Promise<void>;
  /** As raise, answering what was recorded and sent. */
  raiseReported(input: AlertInput): Promise<Result<RaiseOutcome, AlertError>>;
  /** The cause has cleared: its alert closes and stops. Never throws. */
  clear(cause: string): Promise<void>;
  /** Idempotent: a second acknowledgement changes nothing and says so. */
  acknowledge(id: string, by: Actor): Promise<Result<{ alert: AlertRecord; changed: boolean }, AlertError>>;
  /** A test through the same delivery; `token` comes from the form, so submitting it twice sends once. */
  sendTest(token: string, actor: Actor): Promise<Result<RaiseOutcome, AlertError>>;
  list(options?: { offset?: number; limit?: number }): Promise<AlertPage>;
  openCount(): Promise<number>;
}

export const DEFAULT_ALERT_CAP = 500;
/** An active mark outlives any sensible wait for its cause to clear, but not forever. */
const ACTIVE_MARK_MS = 30 * 86_400_000;

export function createAlerts(deps: AlertsDeps): Alerts {
  const { kv, clock } = deps;
  const log = deps.log ?? ((message: string) => console.error(`[alerts] ${message}`));
  const cap = deps.cap ?? DEFAULT_ALERT_CAP;
  const nextId = monotonicFactory();

  /** The cause's active alert, counted once more, or a new one. */
  async function occur(input: ParsedAlertInput, test: boolean, markMs: number): Promise<{ record: AlertRecord; isNew: boolean }> {
    const activeKey = ALERT_KEYS.active(input.cause);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const now = clock.now();
      const activeId = await kv.get(activeKey);
      if (activeId !== null) {
        const bumped = await updateAlert(kv, activeId, (record) =>
          record.clearedAt !== null
            ? null
            : {
                ...record,
                title: input.title,
                detail: input.detail,
                words: input.words,
                orderId: input.orderId ?? record.orderId,
                link: input.link ?? record.link,
                lastSeen: Math.max(record.lastSeen, now),
                count: record.count + 1,
              },
        );
        if (bumped && bumped.clearedAt === null) {
          if (bumped.acknowledgedAt === null) await kv.zAdd(ALERT_KEYS.open, bumped.lastSeen, bumped.id);
          return { record: bumped, isNew: false };
        }
        // Trimmed from the list, expired, or cleared between our reads: the mark is stale.
        await kv.del(activeKey);
        continue;
      }
      const record: AlertRecord = {
        id: nextId(now),
        cause: input.cause,
        title: input.title,
        detail: input.detail,
        ...(input.words ? { words: input.words } : {}),
        orderId: input.orderId ?? null,
        link: input.link ?? null,
        firstSeen: now,
        lastSeen: now,
        count: 1,
        clearedAt: null,
        acknowledgedBy: null,
        acknowledgedAt: null,
        test,
        deliveries: [],
      };
      // Written before the mark is taken, so whoever reads the mark finds the record.
      await writeNewAlert(kv, record);
      if (await kv.setIfAbsent(activeKey, record.id, { ttlMs: markMs })) {
        await indexNewAlert(kv, record, cap);
        return { record, isNew: true };
      }
      // Another process opened this cause's alert first: count on that one instead.
      await kv.del(ALERT_KEYS.item(record.id));
    }
    throw new Error(`the alert for ${input.cause} kept changing while being raised`);
  }

  async function deliverOnce(record: AlertRecord): Promise<RaiseOutcome> {
    if (record.acknowledgedAt !== null) return { alert: record, sent: false, deliveries: [] };
    const claimed = await kv.setIfAbsent(ALERT_KEYS.sent(record.cause), record.id, { ttlMs: deps.windowMs });
    if (!claimed) return { alert: record, sent: false, deliveries: [] };
    const deliveries = await deliverAlert(record, { ...deps.targets, now: () => clock.now() });
    for (const failed of deliveries.filter((delivery) => !delivery.ok)) log(`${record.cause}: ${failed.channel} delivery failed: ${failed.detail}`);
    if (deliveries.length === 0) log(`${record.cause}: no alert email or webhook is configured; the alert is only in the admin`);
    const updated = deliveries.length === 0 ? record : await updateAlert(kv, record.id, (current) => ({ ...current, deliveries: [...current.deliveries, ...deliveries].slice(-MAX_DELIVERIES) }));
    return { alert: updated ?? record, sent: true, deliveries };
  }

  async function raiseWith(input: AlertInput, test: boolean, markMs: number): Promise<Result<RaiseOutcome, AlertError>> {
    const parsed = alertInputSchema.safeParse(input);
    if (!parsed.success) {
      return err({ code: "invalid_alert", message: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ") });
    }
    const { record } = await occur(parsed.data, test, markMs);
    return ok(await deliverOnce(record));
  }

  return {
    raiseReported: (input) => raiseWith(input, false, ACTIVE_MARK_MS),

    async raise(input) {
      try {
        const outcome = await raiseWith(input, false, ACTIVE_MARK_MS);
        if (!outcome.ok) log(`refused alert ${JSON.stringify(input.cause)}: ${outcome.error.message}`);
      } catch (error) {
        log(`could not raise ${JSON.stringify(input.cause)} (${input.title}): ${error instanceof Error ? error.message : String(error)}`);
      }
    },

    async clear(cause) {
      try {
        const parsed = causeSchema.safeParse(cause);
        if (!parsed.success) return log(`refused to clear ${JSON.stringify(cause)}: not a cause`);
        const activeKey = ALERT_KEYS.active(parsed.data);
        const id = await kv.get(activeKey);
        if (id === null) return;
        await kv.del(activeKey);
        const now = clock.now();
        await updateAlert(kv, id, (record) => (record.clearedAt === null ? { ...record, clearedAt: now } : null));
        await kv.zRem(ALERT_KEYS.open, id);
      } catch (error) {
        log(`could not clear ${JSON.stringify(cause)}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },

    async acknowledge(id, by) {
      const now = clock.now();
      let changed = false;
      const record = await updateAlert(kv, id, (current) => {
        changed = current.acknowledgedAt === null;
        return changed ? { ...current, acknowledgedBy: by.email, acknowledgedAt: now } : null;
      });
      if (!record) return err({ code: "not_found", message: `no alert ${id}` });
      await kv.zRem(ALERT_KEYS.open, id);
      if (changed) {
        const change = { before: { cause: record.cause, acknowledged: false }, after: { acknowledged: true } };
        await recordAudit({ actor: by.email, action: "alerts.acknowledged", target: `alert:${id}`, ...change, ip: by.ip }, deps);
      }
      return ok({ alert: record, changed });
    },

    async sendTest(token, actor) {
      const outcome = await raiseWith(
        { cause: `test:${token}`, title: "Test alert", detail: `A test alert sent from the admin by ${actor.email}. If you read this, alerts reach you here.`, link: "/admin/alerts", words: { kind: "test", values: { by: actor.email } } },
        true,
        // A test's mark only needs to outlive a second submission of the same form.
        deps.windowMs,
      );
      if (outcome.ok && outcome.value.sent) {
        const after = { deliveries: outcome.value.deliveries.map(({ channel, ok }) => ({ channel, ok })) };
        await recordAudit({ actor: actor.email, action: "alerts.test_sent", target: `alert:${outcome.value.alert.id}`, after, ip: actor.ip }, deps);
      }
      return outcome;
    },

    list: (options) => listAlerts(kv, options),
    openCount: () => openAlertCount(kv),
  };
}
