// GET /admin/prices/history?page=N – every saved version of the prices, newest first: who saved
// it, when, and the note; each can be viewed, and the owner can restore any earlier one (saved as
// a new version, audited, on the storefront at the next request).
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import { versionNote } from "@/app/_components/admin/prices/version-note";
import styles from "@/app/_components/admin/admin.module.css";
import { RestoreForm } from "@/app/_components/admin/prices/restore-form";
import { adminPage } from "@/lib/shop/admin-guard";
import { roleAllows } from "@/lib/auth/roles";
import { rulesHistory, shopPricingAdminDeps } from "@/lib/shop/pricing-admin";
import { loadCurrentRules } from "@/lib/pricing/rules-store";
import { restoreVersion } from "../actions";
import { TableScroll } from "@/app/_components/admin/table-scroll";

type Props = { searchParams: Promise<{ page?: string; restored?: string; from?: string }> };

const PER_PAGE = 25;

export default adminPage("staff", async ({ searchParams }: Props, admin) => {
  const t = await getTranslations("admin.prices.history");
  const format = await getFormatter();
  const { page, restored, from } = await searchParams;
  const owner = roleAllows(admin.role, "owner");
  const deps = await shopPricingAdminDeps();
  const current = await loadCurrentRules(deps);
  const pages = Math.max(1, Math.ceil(current.version / PER_PAGE));
  const shown = Math.min(Math.max(1, Number(page) || 1), pages);
  const versions = await rulesHistory(deps, { offset: (shown - 1) * PER_PAGE, count: PER_PAGE });
  return (
    <>
      <p>
        <Link href="/admin/prices">{t("back")}</Link>
      </p>
      <h1>{t("title")}</h1>
      {restored && (
        <p role="status" className={styles.success}>
          {t("restored", { version: restored, from: from ?? "" })}
        </p>
      )}
      <TableScroll>
        <table className={styles.table}>
          <caption className="visually-hidden">{t("caption", { page: shown, pages })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("version")}</th>
              <th scope="col">{t("when")}</th>
              <th scope="col">{t("who")}</th>
              <th scope="col">{t("note")}</th>
              <th scope="col">{t("actions")}</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((facts) => (
              <tr key={facts.version}>
                <th scope="row">
                  {facts.version}{" "}
                  {facts.version === current.version && <span className={`${styles.badge} ${styles["badge-good"]}`}>{t("current")}</span>}
                </th>
                <td>
                  <time dateTime={new Date(facts.savedAt).toISOString()}>{format.dateTime(facts.savedAt, { dateStyle: "medium", timeStyle: "medium" })}</time>
                </td>
                <td>{facts.savedBy === "settings" ? t("bySettings") : facts.savedBy}</td>
                <td>{versionNote(facts, t)}</td>
                <td className={styles.row}>
                  <Link href={`/admin/prices/history/${facts.version}`} aria-label={t("viewNamed", { version: facts.version })}>
                    {t("view")}
                  </Link>
                  {owner && facts.version !== current.version && <RestoreForm version={facts.version} currentVersion={current.version} action={restoreVersion} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {pages > 1 && (
        <nav className={styles.paging} aria-label={t("paging")}>
          {shown > 1 && <Link href={`/admin/prices/history?page=${shown - 1}`}>{t("newer")}</Link>}
          {shown < pages && <Link href={`/admin/prices/history?page=${shown + 1}`}>{t("older")}</Link>}
        </nav>
      )}
    </>
  );
});
