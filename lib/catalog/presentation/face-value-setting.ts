// The owner's choice of which comparisons of a price with its face value buyers see ("Save 5%",
// "8% over face value"), kept in KV so the owner changes it in the admin and every instance reads
// it. SHOP_FACE_VALUE_COMPARISON is the seed: what applies until the owner first saves a choice.
// A change writes its audit row here, with the choice before it; choosing what is in force
// changes nothing and writes no row.
import { z } from "zod";
import { recordAudit, type Actor, type AuditDeps } from "@/lib/audit";
import { getJson } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import { KvError } from "@/lib/kv/kv-error";
import { FACE_VALUE_COMPARISONS, type FaceValueComparison } from "./presentation-settings";

const KEY = "presentation:settings:face-value-comparison";
const storedSchema = z.object({ comparison: z.enum(FACE_VALUE_COMPARISONS), by: z.string(), at: z.number().int() });

/** The owner's saved choice, else the seed; a corrupt value is logged and read as unset. */
export async function readFaceValueComparison(kv: Kv, seed: FaceValueComparison): Promise<FaceValueComparison> {
  try {
    return (await getJson(kv, KEY, storedSchema))?.comparison ?? seed;
  } catch (error) {
    if (!(error instanceof KvError && error.code === "invalid_value")) throw error;
    console.error(`[presentation] ignoring a corrupt setting at ${KEY}`);
    return seed;
  }
}

export async function setFaceValueComparison(deps: AuditDeps, comparison: FaceValueComparison, seed: FaceValueComparison, actor: Actor): Promise<{ changed: boolean }> {
  const before = await readFaceValueComparison(deps.kv, seed);
  if (before === comparison) return { changed: false };
  await deps.kv.set(KEY, JSON.stringify({ comparison, by: actor.email, at: deps.clock.now() }));
  await recordAudit({ actor: actor.email, action: "catalogue.face_value_comparison_set", target: "face-value-comparison", before, after: comparison, ip: actor.ip }, deps);
  return { changed: true };
}
