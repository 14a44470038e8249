"use server";
// The owner marks upstream's changes reviewed. The fingerprint names the list the owner was
// shown; if upstream changed since, nothing is marked and the page is loaded again with the
// list as it is now, saying why, so nothing unseen is ever marked reviewed.
import { redirect } from "next/navigation";
import { reviewFormSchema } from "@/app/_components/admin/catalogue/catalogue-form-schemas";
import { writeRefused } from "@/app/_components/admin/catalogue/write-answer";
import { adminAction } from "@/lib/shop/admin-guard";
import { actorOf } from "@/lib/auth/guard/actor-of";
import { markReviewed } from "@/lib/catalog/presentation";
import { catalogDeps } from "@/lib/shop/catalog-deps";

export const markUpstreamReviewed = adminAction("owner", reviewFormSchema, async ({ fingerprint }, admin) => {
  const marked = await markReviewed(await catalogDeps(), fingerprint, actorOf(admin));
  if (!marked.ok && marked.error.code === "conflict") redirect("/admin/catalogue/changes?changedAgain=1");
  if (!marked.ok) return writeRefused(marked.error);
  return { ok: true, message: "reviewed" };
});
