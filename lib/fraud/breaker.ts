// The card-testing breaker. A bot testing stolen cards shows as a run of declined payments, so
// each `payment_intent.payment_failed` is counted in per-minute buckets; when the buckets of
// the owner's window add up to the threshold, the breaker opens for the quiet period, and every
// further decline keeps it open that much longer. It closes by itself once declines stop (its
// key expires). Only the decline that opens it alerts the owner, so a run of hundreds sends one.
// The owner may close it by hand; who did and when is kept for the Fraud rules page until it
// opens again, so the page that comes back after closing says so (the close form goes with
// the open breaker, its answer with it).
import { z } from "zod";
import { parseJsonValue } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { incrWithTtl } from "@/lib/kv/scripts";
import type { Clock } from "@/lib/time/clock";
import { closeBreakerScript } from "./breaker-script";
import { FRAUD_KEYS } from "./fraud-keys";
import type { FraudRules } from "./fraud-rules";

const MINUTE_MS = 60_000;

export interface BreakerDeps {
  kv: Kv;
  clock: Clock;
  rules: () => Promise<FraudRules>;
  /** Raised once per opening; never throws (lib/shop/alerts.ts raiseAlert). */
  alertOwner(declines: number, windowMinutes: number): Promise<void>;
}

/** Count one decline; the breaker opens when the window's declines reach the threshold. */
export async function recordDecline(deps: BreakerDeps): Promise<{ open: boolean; declines: number }> {
  const rules = await deps.rules();
  const minute = Math.floor(deps.clock.now() / MINUTE_MS);
  const windowMs = rules.breakerWindowMinutes * MINUTE_MS;
  await deps.kv.run(incrWithTtl, { keys: { counter: FRAUD_KEYS.declines(minute) }, args: { by: 1, ttlMs: windowMs + MINUTE_MS } });
  const buckets = await Promise.all(Array.from({ length: rules.breakerWindowMinutes }, (_, i) => deps.kv.get(FRAUD_KEYS.declines(minute - i))));
  const declines = buckets.reduce((sum, value) => sum + (value === null ? 0 : Number(value) || 0), 0);
  if (declines < rules.breakerDeclines) return { open: false, declines };
  const quietMs = rules.breakerQuietMinutes * MINUTE_MS;
  const opened = await deps.kv.setIfAbsent(FRAUD_KEYS.breaker, String(deps.clock.now()), { ttlMs: quietMs });
  if (opened) await Promise.all([deps.alertOwner(declines, rules.breakerWindowMinutes), deps.kv.del(FRAUD_KEYS.breakerClosed)]);
  else await deps.kv.set(FRAUD_KEYS.breaker, String(deps.clock.now()), { ttlMs: quietMs });
  return { open: true, declines };
}

export const breakerClosedSchema = z.object({ by: z.string(), at: z.number() });
export type BreakerClosed = z.infer<typeof breakerClosedSchema>;

/**
 * The owner closes it by hand, having looked: true when it was open, and then who and when are
 * kept with it in one step. Declines counted so far stay counted.
 */
export async function closeBreaker(kv: Kv, closed: BreakerClosed): Promise<boolean> {
  return kv.run(closeBreakerScript, { keys: { breaker: FRAUD_KEYS.breaker, closed: FRAUD_KEYS.breakerClosed }, args: { record: JSON.stringify(closed) } });
}

/** Who closed the breaker by hand and when, since it last opened; null when nobody has. */
export async function breakerClosedBy(kv: Kv): Promise<BreakerClosed | null> {
  const text = await kv.get(FRAUD_KEYS.breakerClosed);
  return text === null ? null : parseJsonValue(text, FRAUD_KEYS.breakerClosed, breakerClosedSchema);
}

/** Whether the breaker is open: one GET, read beside the checkout's quote. */
export async function breakerOpen(kv: Kv): Promise<boolean> {
  return (await kv.get(FRAUD_KEYS.breaker)) !== null;
}
