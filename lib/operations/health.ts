// Health of the two outside systems the checkout depends on — upstream (the Partner API) and
// payments (Stripe or its sandbox) — from every call the shop makes: calls, errors and a latency
// histogram per minute, and the last error with its time. Calls written together cost one KV
// write per minute and latency bucket among them (their counters, in one script) and, with a
// failure among them, one more for the last error; the counters expire after the hour they are
// read for, and the dashboard reads only the minutes that had calls.
import { z } from "zod";
import { getJsonOrNull } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import type { Clock } from "@/lib/time/clock";
import { countCallScript } from "./count-call-script";
import { OPS_KEYS } from "./keys";

export type HealthSystem = "upstream" | "payments";

export interface CallSample {
  /** How long the call took, ms. */
  ms: number;
  /** The call failed: no answer, a timeout, or a server error (5xx/429). */
  failed: boolean;
  /** What failed, for the last-error line; never a secret. */
  error?: string;
}

/** Upper bounds of the latency buckets, ms; the last bucket is everything slower. */
export const LATENCY_BOUNDS_MS = [50, 100, 200, 400, 800, 1600, 3200, 6400, 12_800, 25_600] as const;
const BUCKETS = LATENCY_BOUNDS_MS.length + 1;
const WINDOW_MINUTES = 60;
/** Counters outlive the window they are read for by a few minutes. */
const KEEP_MS = (WINDOW_MINUTES + 5) * 60_000;
/** Past this many calls in one minute, latency stops being recorded (calls and errors still are). */
const SAMPLES_PER_MINUTE = 2_000;

const lastErrorSchema = z.object({ at: z.number().int(), message: z.string() });

export interface HealthReport {
  system: HealthSystem;
  calls: number;
  errors: number;
  /** errors / calls; null with no calls. */
  errorRate: number | null;
  /** The bucket bound p95 falls under (ms), or null with no calls; "slower" past the last bound. */
  p95Ms: number | "slower" | null;
  lastError: { at: number; message: string } | null;
}

export function bucketOf(ms: number): number {
  const index = LATENCY_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? LATENCY_BOUNDS_MS.length : index;
}

/** A call's sample with when it was taken (ms since the epoch): the minute it is counted in. */
export interface TimedSample extends CallSample {
  at: number;
}

export function recordCall(kv: Kv, clock: Clock, system: HealthSystem, sample: CallSample): Promise<void> {
  return recordCalls(kv, system, [{ ...sample, at: clock.now() }]);
}

/**
 * Several calls of one system, counted together: one write per minute and latency bucket among
 * them, and the last failure's error (in the order given) as the system's last error.
 */
export async function recordCalls(kv: Kv, system: HealthSystem, samples: readonly TimedSample[]): Promise<void> {
  const groups = new Map<string, { minute: number; bucket: number; added: number; failed: number }>();
  for (const sample of samples) {
    const minute = Math.floor(sample.at / 60_000);
    const bucket = bucketOf(sample.ms);
    const group = groups.get(`${minute}:${bucket}`) ?? { minute, bucket, added: 0, failed: 0 };
    group.added += 1;
    if (sample.failed) group.failed += 1;
    groups.set(`${minute}:${bucket}`, group);
  }
  await Promise.all(
    [...groups.values()].map(({ minute, bucket, added, failed }) => {
      const key = (field: string) => OPS_KEYS.healthCount(system, minute, field);
      return kv.run(countCallScript, {
        keys: { calls: key("calls"), bucket: key(`b${bucket}`), errors: key("errors") },
        args: { added, failed, samplesPerMinute: SAMPLES_PER_MINUTE, ttlMs: KEEP_MS },
      });
    }),
  );
  const lastFailure = samples.findLast((sample) => sample.failed);
  if (!lastFailure) return;
  const message = (lastFailure.error ?? "failed").slice(0, 300);
  await kv.set(OPS_KEYS.healthLastError(system), JSON.stringify({ at: lastFailure.at, message }));
}

export async function readHealth(kv: Kv, clock: Clock, system: HealthSystem): Promise<HealthReport> {
  const last = Math.floor(clock.now() / 60_000);
  const minutes = Array.from({ length: WINDOW_MINUTES }, (_, i) => last - i);
  const count = async (minute: number, field: string) => Number((await kv.get(OPS_KEYS.healthCount(system, minute, field))) ?? 0);
  const perMinute = await Promise.all(
    minutes.map(async (minute) => {
      const calls = await count(minute, "calls");
      if (calls === 0) return { calls, errors: 0, buckets: [] as number[] };
      const [errors, ...buckets] = await Promise.all([count(minute, "errors"), ...Array.from({ length: BUCKETS }, (_, b) => count(minute, `b${b}`))]);
      return { calls, errors: errors ?? 0, buckets };
    }),
  );
  const calls = perMinute.reduce((sum, m) => sum + m.calls, 0);
  const errors = perMinute.reduce((sum, m) => sum + m.errors, 0);
  const histogram = Array.from({ length: BUCKETS }, (_, b) => perMinute.reduce((sum, m) => sum + (m.buckets[b] ?? 0), 0));
  return { system, calls, errors, errorRate: calls === 0 ? null : errors / calls, p95Ms: percentile(histogram, 0.95), lastError: await readLastError(kv, system) };
}

/** The bucket bound under which the given share of samples falls. */
export function percentile(histogram: readonly number[], share: number): number | "slower" | null {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.ceil(total * share);
  let seen = 0;
  for (const [index, n] of histogram.entries()) {
    seen += n;
    if (seen >= rank) return LATENCY_BOUNDS_MS[index] ?? "slower";
  }
  return "slower";
}

function readLastError(kv: Kv, system: HealthSystem): Promise<HealthReport["lastError"]> {
  return getJsonOrNull(kv, OPS_KEYS.healthLastError(system), lastErrorSchema);
}
