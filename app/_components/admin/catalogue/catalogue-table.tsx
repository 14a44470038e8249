// One page of the catalogue list: each service with what buyers see of it, a link to its
// editor, and for the owner a checkbox per row for the bulk actions.
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import styles from "../admin.module.css";
import type { PresentationRow } from "@/lib/catalog/presentation";
import { selectedField } from "./bulk-form-schema";
import own from "./catalogue.module.css";

interface Props {
  rows: PresentationRow[];
  /** Checkboxes for the owner's bulk form. */
  selectable: boolean;
  updatedAt: (at: number) => string;
}

export async function CatalogueTable({ rows, selectable, updatedAt }: Props) {
  const t = await getTranslations("admin.catalogue.table");
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            {selectable && (
              <th scope="col">
                <span className="visually-hidden">{t("select")}</span>
              </th>
            )}
            <th scope="col">{t("name")}</th>
            <th scope="col">{t("id")}</th>
            <th scope="col">{t("kind")}</th>
            <th scope="col">{t("shown")}</th>
            <th scope="col">{t("featured")}</th>
            <th scope="col">{t("sortOrder")}</th>
            <th scope="col">{t("updated")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {selectable && (
                <td>
                  <input type="checkbox" name={selectedField(row.id)} id={selectedField(row.id)} aria-label={t("selectOne", { name: row.name })} />
                </td>
              )}
              <th scope="row">
                <Link href={`/admin/catalogue/${row.id}`}>{row.name}</Link>
                {row.name !== row.upstreamName && <span className={own.muted}> ({row.upstreamName})</span>}
                {row.isNew && <span className={own.badge}>{t("new")}</span>}
                <br />
                <span className={own.muted}>{row.brand}</span>
              </th>
              <td>{row.id}</td>
              <td>{t(`kinds.${row.type === "balance" ? "balance" : "voucher"}`)}</td>
              <td>{row.hidden ? <strong>{t("hidden")}</strong> : t("visible")}</td>
              <td>{row.featured ? t("yes") : t("no")}</td>
              <td>{row.sortOrder ?? ""}</td>
              <td>{row.updatedAt === null ? t("never") : <time dateTime={new Date(row.updatedAt).toISOString()}>{updatedAt(row.updatedAt)}</time>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
