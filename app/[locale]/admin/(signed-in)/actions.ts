"use server";
// The dashboard's two operations controls (the owner's): the low-balance threshold and "pause
// all sales". Each is audited with what it was before, safe to submit twice (setting what is already set changes
// nothing and says so), and expires the storefront pages that show it.
import { adminAction } from "@/lib/shop/admin-guard";
import { actorOf } from "@/lib/auth/guard/actor-of";
import { parseMoneyInput } from "@/lib/money";
import * as controls from "@/lib/operations/owner-controls";
import { readBalanceFigures } from "@/lib/operations/partner-balance";
import { expireTags, TAGS } from "@/lib/shop/cache-tags";
import { reviewBalance } from "@/lib/operations/review-balance";
import { shopOperationsDeps } from "@/lib/shop/operations";
import { pauseSchema, thresholdSchema } from "@/app/_components/admin/operations/operations-schemas";

export const saveThreshold = adminAction("owner", thresholdSchema, async ({ amount }, admin) => {
  const deps = await shopOperationsDeps();
  // The threshold is in the balance's own currency: compared with it as is, no rate involved.
  const figures = await readBalanceFigures(deps);
  if (!figures.ok) return { ok: false, code: "refused", message: "noBalance" };
  let threshold = null;
  if (amount !== "") {
    const parsed = parseMoneyInput(amount, figures.value.balance.currency);
    if (!parsed.ok) return { ok: false, code: "invalid", field: "amount", message: "amount" };
    threshold = parsed.value;
  }
  if (!(await controls.setThreshold(deps, threshold, actorOf(admin))).changed) return { ok: true, message: "unchanged" };
  const review = await reviewBalance(deps);
  if (review.pagesChanged) expireTags([TAGS.salesCeiling], "server-action");
  return { ok: true, message: threshold === null ? "thresholdCleared" : "thresholdSaved" };
});

export const setSalesPaused = adminAction("owner", pauseSchema, async ({ paused }, admin) => {
  const deps = await shopOperationsDeps();
  const wanted = paused === "true";
  if (!(await controls.setSalesPaused(deps, wanted, actorOf(admin))).changed) return { ok: true, message: "unchanged" };
  expireTags([TAGS.salesPause], "server-action");
  return { ok: true, message: wanted ? "paused" : "resumed" };
});
