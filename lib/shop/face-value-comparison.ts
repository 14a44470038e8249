// The owner's face-value comparison: saved in KV from the admin, seeded by
// SHOP_FACE_VALUE_COMPARISON, read by the product pages through Next's cache.
import { unstable_cache } from "next/cache";
import type { Actor } from "@/lib/audit";
import { env } from "@/lib/config/env";
import { getKv } from "@/lib/kv/get-kv";
import { readFaceValueComparison, setFaceValueComparison } from "@/lib/catalog/presentation/face-value-setting";
import type { FaceValueComparison } from "@/lib/catalog/presentation/presentation-settings";
import { systemClock } from "@/lib/time/clock";
import { expireTags, TAGS } from "./cache-tags";

/** The comparison in force, read live: the admin's control shows this. */
export async function ownerFaceValueComparison(): Promise<FaceValueComparison> {
  return readFaceValueComparison(await getKv(), env().SHOP_FACE_VALUE_COMPARISON);
}

/**
 * The comparison the product pages show, through Next's cache under its own tag, which the owner's
 * save expires; the setting's seed when KV cannot be read (at build, say).
 */
export function faceValueComparison(): Promise<FaceValueComparison> {
  return unstable_cache(
    async () => {
      try {
        return await ownerFaceValueComparison();
      } catch (error) {
        console.warn(`[presentation] face-value comparison not read: ${String(error)}`);
        return env().SHOP_FACE_VALUE_COMPARISON;
      }
    },
    ["face-value-comparison"],
    { tags: [TAGS.faceValueComparison] },
  )();
}

/** The owner's change, audited by the library; buyers see it on their next request. */
export async function changeFaceValueComparison(comparison: FaceValueComparison, actor: Actor): Promise<{ changed: boolean }> {
  const changed = await setFaceValueComparison({ kv: await getKv(), clock: systemClock }, comparison, env().SHOP_FACE_VALUE_COMPARISON, actor);
  if (changed.changed) expireTags([TAGS.faceValueComparison], "server-action");
  return changed;
}
