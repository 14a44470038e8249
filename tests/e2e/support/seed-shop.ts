// Run by playwright.config.ts before the e2e shop starts, on its fresh embedded store: the
// owner's review settings with a card limit the suite cannot reach. Every spec pays with the
// one test card 4242, whose fingerprint is the same on every payment as on Stripe, so the
// default limit (three orders per card a day, then held for review) would hold every purchase
// after the third. The limit itself is tested in tests/fraud; the specs that test review use
// the risk test cards. Usage: tsx tests/e2e/support/seed-shop.ts <KV_DATA_DIR>
import { createEmbeddedKv } from "../../../lib/kv/embedded/embedded-kv";
import { DEFAULT_REVIEW_SETTINGS, saveReviewSettings } from "../../../lib/fraud/review-settings";

const [dir] = process.argv.slice(2);
if (!dir) throw new Error("usage: seed-shop <KV_DATA_DIR>");

const kv = createEmbeddedKv({ dir });
await saveReviewSettings(kv, { ...DEFAULT_REVIEW_SETTINGS, cardOrdersToReview: 1000 });
await kv.close();
