// Runs in KV: one JSON value per run, a time index of runs (newest first in the admin), a
// lock so one run goes at a time, and per-row settle marks written once (safe to click twice).
import { z } from "zod";
import { getJson, getJsonOrNull } from "@/lib/kv/json";
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

/** Null when missing, or written by a release whose record this one cannot read. */
export function readRun(kv: Kv, id: string): Promise<RunRecord | null> {
  return getJsonOrNull(kv, RECONCILIATION_KEYS.run(id), runRecordSchema);
}

export async function listRuns(kv: Kv, count = 50): Promise<RunRecord[]> {
  const entries = await kv.zRevRangeByRank(RECONCILIATION_KEYS.runs, { count });
  const runs = await Promise.all(entries.map((entry) => readRun(kv, entry.member)));
  return runs.filter((run): run is RunRecord => run !== null);
}

export function lockRuns(kv: Kv): Promise<KvLock | null> {
  return acquireLock(kv, RECONCILIATION_KEYS.lock, LOCK_MS);
}

const settleMarkSchema = z.object({ by: z.string().nullable(), at: z.number(), action: z.enum(["wake", "review"]) });
export type SettleMark = z.infer<typeof settleMarkSchema>;

/** The mark standing on a row, or null when none is. */
export function readSettleMark(kv: Kv, runId: string, rowKey: string): Promise<SettleMark | null> {
  return getJson(kv, RECONCILIATION_KEYS.settled(runId, rowKey), settleMarkSchema);
}

/** Writes the mark if none is there; the mark that stands either way, and whether it is this one. */
export async function markSettled(kv: Kv, runId: string, rowKey: string, mark: SettleMark): Promise<{ first: boolean; mark: SettleMark }> {
  const key = RECONCILIATION_KEYS.settled(runId, rowKey);
  if (await kv.setIfAbsent(key, JSON.stringify(mark))) return { first: true, mark };
  return { first: false, mark: (await readSettleMark(kv, runId, rowKey)) ?? mark };
}

export async function settledMarks(kv: Kv, run: RunRecord): Promise<Map<string, SettleMark>> {
  const marks = new Map<string, SettleMark>();
  await Promise.all(
    run.rows.map(async (row) => {
      const mark = await readSettleMark(kv, run.id, row.key);
      if (mark !== null) marks.set(row.key, mark);
    }),
  );
  return marks;
}
