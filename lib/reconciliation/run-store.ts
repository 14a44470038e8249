// Runs in KV: one JSON value per run, a time index of runs (newest first in the admin), a
// lock so one run goes at a time, and per-row settle marks written once (safe to click twice).
import type { Kv } from "@/lib/kv/kv";
import { acquireLock, type KvLock } from "@/lib/kv/lock";
import { runRecordSchema, type RunRecord } from "./run-record";

export const RECONCILIATION_KEYS = {
  run: (id: string) => `reconciliation:run:${id}`,
  runs: "reconciliation:runs",
  lock: "reconciliation:lock",
  settled: (runId: string, rowKey: string) => `reconciliation:settled:${runId}:${rowKey}`,
} as const;

/** A run holds the lock at most this long: far beyond the 30 s a day of 10,000 orders takes. */
const LOCK_MS = 5 * 60_000;

export async function saveRun(kv: Kv, run: RunRecord): Promise<void> {
  await kv.set(RECONCILIATION_KEYS.run(run.id), JSON.stringify(run));
  await kv.zAdd(RECONCILIATION_KEYS.runs, run.startedAt, run.id);
}

export async function readRun(kv: Kv, id: string): Promise<RunRecord | null> {
  const text = await kv.get(RECONCILIATION_KEYS.run(id));
  if (text === null) return null;
  const parsed = runRecordSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

export async function listRuns(kv: Kv, count = 50): Promise<RunRecord[]> {
  const entries = await kv.zRevRangeByRank(RECONCILIATION_KEYS.runs, { count });
  const runs = await Promise.all(entries.map((entry) => readRun(kv, entry.member)));
  return runs.filter((run): run is RunRecord => run !== null);
}

export function lockRuns(kv: Kv): Promise<KvLock | null> {
  return acquireLock(kv, RECONCILIATION_KEYS.lock, LOCK_MS);
}

export interface SettleMark {
  by: string | null;
  at: number;
  action: "wake" | "review";
}

/** Writes the mark if none is there; the mark that stands either way, and whether it is this one. */
export async function markSettled(kv: Kv, runId: string, rowKey: string, mark: SettleMark): Promise<{ first: boolean; mark: SettleMark }> {
  const key = RECONCILIATION_KEYS.settled(runId, rowKey);
  if (await kv.setIfAbsent(key, JSON.stringify(mark))) return { first: true, mark };
  const text = await kv.get(key);
  return { first: false, mark: text === null ? mark : (JSON.parse(text) as SettleMark) };
}

export async function settledMarks(kv: Kv, run: RunRecord): Promise<Map<string, SettleMark>> {
  const marks = new Map<string, SettleMark>();
  await Promise.all(
    run.rows.map(async (row) => {
      const text = await kv.get(RECONCILIATION_KEYS.settled(run.id, row.key));
      if (text !== null) marks.set(row.key, JSON.parse(text) as SettleMark);
    }),
  );
  return marks;
}
