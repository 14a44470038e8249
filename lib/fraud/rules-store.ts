// The owner's rules in KV: one record with a version number. A shop that never saved any reads
// the defaults (version 0). Saving names the version the owner edited and fails if another was
// saved since (a compare-and-set on the exact record read), so two owners editing in two tabs
// cannot overwrite each other unseen. The record names the currency its amount caps are in
// (decision 215); one written before it did names none, and lib/shop works out which it was.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { firstIssue } from "@/lib/http/first-issue";
import { parseJsonValue } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { currencySchema } from "@/lib/money";
import { compareAndSet, receiptKey } from "@/lib/kv/scripts";
import { err, ok, type Result } from "@/lib/result";
import type { Clock } from "@/lib/time/clock";
import { FRAUD_KEYS } from "./fraud-keys";
import { DEFAULT_FRAUD_RULES, fraudRulesSchema, type FraudRules } from "./fraud-rules";

export const storedRulesSchema = z.object({
  version: z.number().int().min(1),
  savedAt: z.number(),
  savedBy: z.string(),
  /** The currency the amount caps are whole units of; absent in a record written before it was kept. */
  currency: currencySchema.optional(),
  rules: fraudRulesSchema,
});

export type StoredRules = z.infer<typeof storedRulesSchema>;

/** What screening and the admin read: the stored rules, or the defaults as version 0. */
export interface CurrentRules {
  version: number;
  rules: FraudRules;
  savedBy: string | null;
  savedAt: number | null;
  /** The amount caps' currency; null for the defaults and for a record that predates it. */
  currency: string | null;
}

export type SaveFraudRulesError =
  | { code: "invalid"; field: string; message: string }
  | { code: "conflict"; message: string };

async function readStored(kv: Kv): Promise<{ text: string | null; stored: StoredRules | null }> {
  const text = await kv.get(FRAUD_KEYS.rules);
  return { text, stored: text === null ? null : parseJsonValue(text, FRAUD_KEYS.rules, storedRulesSchema) };
}

export async function loadFraudRules(kv: Kv): Promise<CurrentRules> {
  const { stored } = await readStored(kv);
  return stored
    ? { version: stored.version, rules: stored.rules, savedBy: stored.savedBy, savedAt: stored.savedAt, currency: stored.currency ?? null }
    : { version: 0, rules: DEFAULT_FRAUD_RULES, savedBy: null, savedAt: null, currency: null };
}

export async function saveFraudRules(
  deps: { kv: Kv; clock: Clock },
  input: { expectedVersion: number; rules: unknown; savedBy: string; currency: string },
): Promise<Result<StoredRules, SaveFraudRulesError>> {
  const parsed = fraudRulesSchema.safeParse(input.rules);
  if (!parsed.success) {
    return err({ code: "invalid", ...firstIssue(parsed.error, "rules") });
  }
  const { text, stored } = await readStored(deps.kv);
  const conflict = err({ code: "conflict" as const, message: `The rules were changed by someone else (now version ${stored?.version ?? 0}); reload them and apply your change again` });
  if ((stored?.version ?? 0) !== input.expectedVersion) return conflict;
  const currency = currencySchema.safeParse(input.currency);
  if (!currency.success) return err({ code: "invalid", ...firstIssue(currency.error, "currency") });
  const next: StoredRules = { version: input.expectedVersion + 1, savedAt: deps.clock.now(), savedBy: input.savedBy, currency: currency.data, rules: parsed.data };
  const value = JSON.stringify(next);
  if (text === null) return (await deps.kv.setIfAbsent(FRAUD_KEYS.rules, value)) ? ok(next) : conflict;
  const swapped = await deps.kv.run(compareAndSet, {
    keys: { target: FRAUD_KEYS.rules, receipt: receiptKey(FRAUD_KEYS.rules, randomUUID()) },
    args: { expected: text, value, ttlMs: 0 },
  });
  return swapped.applied ? ok(next) : conflict;
}
