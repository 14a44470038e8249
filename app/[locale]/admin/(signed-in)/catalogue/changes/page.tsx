// GET /admin/catalogue/changes – what upstream added, removed or repriced since the owner last
// marked it reviewed, and the owner's "mark reviewed", which sends back the fingerprint of this
// very list so nothing the owner has not seen is marked (the action reloads the page if upstream
// changed meanwhile, with ?changedAgain=1). Staff may look.
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import { CatalogueForm } from "@/app/_components/admin/catalogue/catalogue-form";
import own from "@/app/_components/admin/catalogue/catalogue.module.css";
import { UpstreamChangeTables } from "@/app/_components/admin/catalogue/upstream-change-tables";
import { adminPage } from "@/lib/shop/admin-guard";
import { roleAllows } from "@/lib/auth/roles";
import { upstreamChangesSince } from "@/lib/catalog/presentation";
import { catalogDeps } from "@/lib/shop/catalog-deps";
import { markUpstreamReviewed } from "./actions";

type Props = { searchParams: Promise<{ changedAgain?: string }> };

export default adminPage("staff", async ({ searchParams }: Props, admin) => {
  const t = await getTranslations("admin.catalogue.changes");
  const format = await getFormatter();
  const { changedAgain } = await searchParams;
  const changes = await upstreamChangesSince(await catalogDeps());
  const heading = (
    <>
      <p>
        <Link href="/admin/catalogue">{t("back")}</Link>
      </p>
      <h1>{t("title")}</h1>
    </>
  );
  if (!changes.ok) {
    return (
      <div className={own.page}>
        {heading}
        <p className="notice" role="alert">
          {t("unavailable")}
        </p>
      </div>
    );
  }

  const { reviewedAt, added, removed, changed, fingerprint } = changes.value;
  const nothing = added.length + removed.length + changed.length === 0;
  return (
    <div className={own.page}>
      {heading}
      {changedAgain && (
        <p className="notice" role="alert">
          {t("changedAgain")}
        </p>
      )}
      <p>{reviewedAt === null ? t("sinceStart") : t("since", { when: format.dateTime(reviewedAt, { dateStyle: "medium", timeStyle: "short" }) })}</p>
      {nothing ? <p>{t("nothing")}</p> : <UpstreamChangeTables added={added} removed={removed} changed={changed} />}
      {roleAllows(admin.role, "owner") && (
        <CatalogueForm
          action={markUpstreamReviewed}
          schema="review"
          actions={
            <button className="button" type="submit">
              {t("markReviewed")}
            </button>
          }
        >
          <input type="hidden" name="fingerprint" value={fingerprint} />
          <p>{t("reviewHint")}</p>
        </CatalogueForm>
      )}
    </div>
  );
});
