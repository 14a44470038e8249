// GET /admin/catalogue?q=&visibility=&featured=&fresh=&page=N – every upstream service with what
// the owner set, hidden ones included, filtered and paged on the server; the owner acts on the
// ticked rows or on everything the filters match (the flags, or a price rule for those services
// through the price editor's preview). Staff may look.
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import styles from "@/app/_components/admin/admin.module.css";
import { CatalogueFilterForm } from "@/app/_components/admin/catalogue/catalogue-filter-form";
import { CatalogueForm } from "@/app/_components/admin/catalogue/catalogue-form";
import { catalogueHref, filterAndPage, readCatalogueQuery } from "@/app/_components/admin/catalogue/catalogue-query";
import { CatalogueTable } from "@/app/_components/admin/catalogue/catalogue-table";
import own from "@/app/_components/admin/catalogue/catalogue.module.css";
import { FaceValueSection } from "@/app/_components/admin/catalogue/face-value-form";
import { ownerFaceValueComparison } from "@/lib/shop/face-value-comparison";
import { storefrontFacts } from "@/app/_components/admin/catalogue/storefront-facts";
import { SelectAllOnPage } from "@/app/_components/admin/catalogue/select-all-on-page";
import { adminPage } from "@/lib/shop/admin-guard";
import { roleAllows } from "@/lib/auth/roles";
import { listPresentation } from "@/lib/catalog/presentation";
import { catalogDeps } from "@/lib/shop/catalog-deps";
import { applyBulk } from "./actions";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const BULK_ACTIONS = ["hide", "show", "feature", "unfeature"] as const;
/** Price actions: through the price editor's draft and preview (./actions.ts). */
const RULE_ACTIONS = ["rule", "clearRule"] as const;

export default adminPage("staff", async ({ searchParams }: Props, admin) => {
  const t = await getTranslations("admin.catalogue");
  const format = await getFormatter();
  const query = readCatalogueQuery(await searchParams);
  const [listed, shop, comparison] = await Promise.all([listPresentation(await catalogDeps()), storefrontFacts(), ownerFaceValueComparison()]);
  const canEdit = roleAllows(admin.role, "owner");

  const heading = (
    <>
      <h1>{t("title")}</h1>
      <p>
        {t("intro")} <Link href="/admin/catalogue/changes">{t("changesLink")}</Link>
      </p>
    </>
  );
  if (!listed.ok) {
    return (
      <div className={own.page}>
        {heading}
        <p className="notice" role="alert">
          {t("unavailable")}
        </p>
      </div>
    );
  }

  const { matching, rows, page, pages } = filterAndPage(listed.value, query);
  const table = <CatalogueTable rows={rows} selectable={canEdit} updatedAt={(at) => format.dateTime(at, { dateStyle: "medium", timeStyle: "short" })} shop={shop} />;
  return (
    <div className={own.page}>
      {heading}
      <CatalogueFilterForm query={query} />
      <p>{t("count", { total: matching.length, page, pages })}</p>
      {!canEdit && <p>{t("staffNote")}</p>}
      {canEdit && matching.length > 0 ? (
        <CatalogueForm
          action={applyBulk}
          schema="bulk"
          actionsFirst
          actions={
            <>
              <fieldset className={own.scope}>
                <legend>{t("bulk.scope")}</legend>
                <label>
                  <input type="radio" name="scope" value="selected" defaultChecked /> {t("bulk.selected")}
                </label>
                <label>
                  <input type="radio" name="scope" value="filtered" /> {t("bulk.filtered", { count: matching.length })}
                </label>
              </fieldset>
              <div className={own.buttons} role="group" aria-label={t("bulk.label")}>
                {[...BULK_ACTIONS, ...RULE_ACTIONS].map((action) => (
                  <button key={action} className="button button-secondary" type="submit" name="action" value={action}>
                    {t(`bulk.${action}`)}
                  </button>
                ))}
              </div>
              <SelectAllOnPage label={t("bulk.selectAll")} />
            </>
          }
        >
          {(["q", "visibility", "featured", "fresh"] as const).map((name) => (
            <input key={name} type="hidden" name={name} value={query[name]} />
          ))}
          {table}
        </CatalogueForm>
      ) : (
        table
      )}
      <nav className={styles.paging} aria-label={t("paging.label")}>
        {page > 1 && <Link href={catalogueHref({ ...query, page: page - 1 })}>{t("paging.previous")}</Link>}
        {page < pages && <Link href={catalogueHref({ ...query, page: page + 1 })}>{t("paging.next")}</Link>}
      </nav>
      <FaceValueSection current={comparison} canEdit={canEdit} />
    </div>
  );
});
