// Every bench buyer pays with the one test card 4242, whose fingerprint is the same on every
// payment (as on Stripe). A live shop's default holds a card's fourth order of a day for the
// owner's review, which would turn a checkout benchmark into a review queue: held orders never
// reach their code, and checkout → code measures the review deadline. The bench's owner lifts
// that one limit, as a demo's defaults do (DEMO_REVIEW_SETTINGS); everything else is screened
// as in a live shop, so screening's cost stays in every figure.
import { createKv } from "@/lib/kv/get-kv";
import type { Kv } from "@/lib/kv/kv";
import { DEMO_REVIEW_SETTINGS, saveReviewSettings } from "@/lib/fraud/review-settings";

export function liftCardOrderLimit(kv: Kv): Promise<void> {
  return saveReviewSettings(kv, DEMO_REVIEW_SETTINGS);
}

/** The same, for a shop about to start on the embedded store in `dir` (its KV_DATA_DIR). */
export async function liftCardOrderLimitIn(dir: string): Promise<void> {
  const kv = await createKv({ driver: "embedded", dir });
  try {
    await liftCardOrderLimit(kv);
  } finally {
    await kv.close();
  }
}
