// The checkouts screening refused, newest first, for the owner's page: what was refused and by
// which rule (the buyer is told neither). Capped, so a bot's flood cannot grow it without bound;
// trimming runs on refusals only, never on a checkout that passes.
import { z } from "zod";
import { parseJsonOrNull } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { moneySchema } from "@/lib/money";
import { FRAUD_KEYS } from "./fraud-keys";
import { refusalDetailSchema } from "./refusal-detail";

export const REFUSALS_KEPT = 200;

export const refusalSchema = z.object({
  id: z.string(),
  at: z.number(),
  /** The rule: "bot_check", "breaker_pause", "blocklist", "token_reused", "caps_currency" or a velocity rule's name. */
  rule: z.string(),
  /** What the rule saw, in words the admin says (refusal-detail.ts); a string on refusals recorded in English before. */
  detail: z.union([refusalDetailSchema, z.string()]),
  email: z.string(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  account: z.string().nullable(),
  amount: moneySchema.nullable(),
});

export type Refusal = z.infer<typeof refusalSchema>;

export async function recordRefusal(kv: Kv, refusal: Refusal): Promise<void> {
  await kv.zAdd(FRAUD_KEYS.refusals, refusal.at, JSON.stringify(refusal));
  const kept = await kv.zCard(FRAUD_KEYS.refusals);
  if (kept <= REFUSALS_KEPT) return;
  const oldest = await kv.zRangeByScore(FRAUD_KEYS.refusals, { limit: kept - REFUSALS_KEPT });
  await Promise.all(oldest.map((entry) => kv.zRem(FRAUD_KEYS.refusals, entry.member)));
}

export async function listRefusals(kv: Kv, count: number): Promise<Refusal[]> {
  const entries = await kv.zRevRangeByRank(FRAUD_KEYS.refusals, { count });
  return entries.map((entry) => parseJsonOrNull(entry.member, refusalSchema)).filter((refusal): refusal is Refusal => refusal !== null);
}
