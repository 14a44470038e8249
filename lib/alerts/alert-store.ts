// The alerts' KV records. Every change to a record is a compare-and-set of its JSON, retried
// on a concurrent change, so two processes raising the same cause at once both count.
import { randomUUID } from "node:crypto";
import { getJson, parseJsonValue, setJson } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { compareAndSet, receiptKey } from "@/lib/kv/scripts";
import { ALERT_KEYS, alertRecordSchema, type AlertRecord } from "./alert-record";

/** A record's key stays this long after its last change; the list's cap removes it sooner. */
const RECORD_TTL_MS = 90 * 86_400_000;
const CAS_TRIES = 8;

export async function readAlert(kv: Kv, id: string): Promise<AlertRecord | null> {
  return getJson(kv, ALERT_KEYS.item(id), alertRecordSchema);
}

export async function writeNewAlert(kv: Kv, record: AlertRecord): Promise<void> {
  await setJson(kv, ALERT_KEYS.item(record.id), record, { ttlMs: RECORD_TTL_MS });
}

/**
 * Apply `change` to the record until it lands on the version it read. `change` answers null to
 * leave the record as it is. The record after the change, or null when it is gone.
 */
export async function updateAlert(kv: Kv, id: string, change: (record: AlertRecord) => AlertRecord | null): Promise<AlertRecord | null> {
  const key = ALERT_KEYS.item(id);
  for (let attempt = 0; attempt < CAS_TRIES; attempt += 1) {
    const text = await kv.get(key);
    if (text === null) return null;
    const current = parseJsonValue(text, key, alertRecordSchema);
    const next = change(current);
    if (next === null) return current;
    const result = await kv.run(compareAndSet, {
      keys: { target: key, receipt: receiptKey(key, randomUUID()) },
      args: { expected: text, value: JSON.stringify(next), ttlMs: RECORD_TTL_MS },
    });
    if (result.applied) return next;
  }
  throw new Error(`alert ${id} kept changing under ${CAS_TRIES} attempts to update it`);
}

/** List the new alert and drop the oldest beyond `cap`, with their records. */
export async function indexNewAlert(kv: Kv, record: AlertRecord, cap: number): Promise<void> {
  await kv.zAdd(ALERT_KEYS.list, record.firstSeen, record.id);
  await kv.zAdd(ALERT_KEYS.open, record.lastSeen, record.id);
  const excess = (await kv.zCard(ALERT_KEYS.list)) - cap;
  if (excess <= 0) return;
  for (const { member } of await kv.zRangeByScore(ALERT_KEYS.list, { limit: excess })) {
    await kv.zRem(ALERT_KEYS.list, member);
    await kv.zRem(ALERT_KEYS.open, member);
    await kv.del(ALERT_KEYS.item(member));
  }
}

export interface AlertPage {
  alerts: AlertRecord[];
  /** Offset of the next page, or null on the last. */
  next: number | null;
  total: number;
}

/** Newest first. */
export async function listAlerts(kv: Kv, { offset = 0, limit = 25 }: { offset?: number; limit?: number } = {}): Promise<AlertPage> {
  const entries = await kv.zRevRangeByRank(ALERT_KEYS.list, { offset, count: limit + 1 });
  const alerts: AlertRecord[] = [];
  for (const { member } of entries.slice(0, limit)) {
    const record = await readAlert(kv, member);
    if (record) alerts.push(record);
  }
  return { alerts, next: entries.length > limit ? offset + limit : null, total: await kv.zCard(ALERT_KEYS.list) };
}

/** Alerts neither cleared nor acknowledged: what the admin's banner counts. */
export async function openAlertCount(kv: Kv): Promise<number> {
  return kv.zCard(ALERT_KEYS.open);
}
