"use server";
// The owner's bulk action on the catalogue list: hide, show, feature or unfeature the ticked
// products, or every product matching the filters (resolved here, on every page of the list),
// in one write that the library audits; the storefront shows it on the next request.
import { bulkFormSchema } from "@/app/_components/admin/catalogue/bulk-form-schema";
import { matchesFilters } from "@/app/_components/admin/catalogue/catalogue-query";
import { authorOf, writeRefused } from "@/app/_components/admin/catalogue/write-answer";
import { adminAction } from "@/lib/auth/guard/admin-guard";
import { afterPresentationSaved, bulkUpdatePresentation, listPresentation } from "@/lib/catalog/presentation";
import { catalogDeps } from "@/lib/catalog/storefront-deps";

export const applyBulk = adminAction("owner", bulkFormSchema, async ({ action, scope, ids, filters }, admin) => {
  const deps = await catalogDeps();
  let targets = ids;
  if (scope === "filtered") {
    const rows = await listPresentation(deps);
    if (!rows.ok) return { ok: false, code: "refused", message: "catalogUnavailable" };
    targets = rows.value.filter((row) => matchesFilters(row, filters)).map((row) => row.id);
    if (targets.length === 0) return { ok: false, code: "invalid", field: "scope", message: "no product matches the filters" };
  }
  const applied = await bulkUpdatePresentation(deps, { action, ids: targets }, authorOf(admin));
  if (!applied.ok) return writeRefused(applied.error, (field) => (field.startsWith("ids") ? "ids" : field));
  afterPresentationSaved(applied.value.serviceIds);
  return { ok: true, message: `bulk_${action}`, data: { count: applied.value.serviceIds.length } };
});
