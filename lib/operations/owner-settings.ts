// The owner's two operations settings, kept in KV (changed in the admin, read by every instance):
// the low-balance threshold and the "pause all sales" switch. A value that fails its schema is
// read as unset (no threshold, not paused) and logged: a corrupt setting must not stop the shop
// from selling, and the admin shows what is in effect.
import { z } from "zod";
import { getJson } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import { moneySchema, type Money } from "@/lib/money";
import { OPS_KEYS } from "./keys";

const pausedSchema = z.object({ paused: z.boolean(), by: z.string().nullable(), at: z.number().int() });
export type SalesPause = z.infer<typeof pausedSchema>;

const thresholdSchema = z.object({ threshold: moneySchema.nullable(), by: z.string().nullable(), at: z.number().int() });

export async function readThreshold(kv: Kv): Promise<Money | null> {
  return (await readJson(kv, OPS_KEYS.threshold, thresholdSchema))?.threshold ?? null;
}

/** Null clears it. Returns what was set before, for the audit row. */
export async function writeThreshold(kv: Kv, threshold: Money | null, by: string | null, at: number): Promise<Money | null> {
  const before = await readThreshold(kv);
  await kv.set(OPS_KEYS.threshold, JSON.stringify({ threshold, by, at }));
  return before;
}

export async function readPause(kv: Kv): Promise<SalesPause> {
  return (await readJson(kv, OPS_KEYS.paused, pausedSchema)) ?? { paused: false, by: null, at: 0 };
}

export async function writePause(kv: Kv, pause: SalesPause): Promise<SalesPause> {
  const before = await readPause(kv);
  await kv.set(OPS_KEYS.paused, JSON.stringify(pause));
  return before;
}

async function readJson<T>(kv: Kv, key: string, schema: z.ZodType<T>): Promise<T | null> {
  try {
    return await getJson(kv, key, schema);
  } catch (error) {
    if (!(error instanceof KvError && error.code === "invalid_value")) throw error;
    console.error(`[operations] ignoring a corrupt setting at ${key}`);
    return null;
  }
}
