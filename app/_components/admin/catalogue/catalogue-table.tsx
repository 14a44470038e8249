// One page of the catalogue list: each service with what buyers see of it (its picture, its
// "from" price in the store currency as the storefront shows it, whether it is on sale), a link
// to its editor, and for the owner a checkbox per row for the bulk actions. On a phone each row
// is a card (admin.module.css .cards), its cells labelled by their column.
import { getLocale, getTranslations } from "next-intl/server";
import Link from "next/link";
import styles from "../admin.module.css";
import type { PresentationRow } from "@/lib/catalog/presentation";
import { selectedField } from "./bulk-form-schema";
import { formatMoney } from "@/lib/money";
import { CatalogueThumbnail } from "./catalogue-thumbnail";
import own from "./catalogue.module.css";
import type { StorefrontFacts } from "./storefront-facts";
import { TableScroll } from "@/app/_components/admin/table-scroll";

interface Props {
  rows: PresentationRow[];
  /** Checkboxes for the owner's bulk form. */
  selectable: boolean;
  updatedAt: (at: number) => string;
  /** What the storefront shows of each visible product; null when its catalogue cannot be read. */
  shop: ReadonlyMap<number, StorefrontFacts> | null;
}

type Tone = "good" | "ended" | "returned";

/** The availability word's key (admin.catalogue.table.availability) and its badge's tone. */
function availability(row: PresentationRow, facts: StorefrontFacts | undefined, shopRead: boolean): { key: string; tone: Tone } {
  if (row.hidden) return { key: "hidden", tone: "ended" };
  if (!shopRead) return { key: "unknown", tone: "ended" };
  if (!facts) return { key: "notListed", tone: "ended" };
  return facts.unavailable ? { key: facts.unavailable, tone: "returned" } : { key: "onSale", tone: "good" };
}

export async function CatalogueTable({ rows, selectable, updatedAt, shop }: Props) {
  const t = await getTranslations("admin.catalogue.table");
  const locale = await getLocale();
  return (
    <TableScroll>
      <table className={`${styles.table} ${styles.cards}`}>
        <thead>
          <tr>
            {selectable && (
              <th scope="col">
                <span className="visually-hidden">{t("select")}</span>
              </th>
            )}
            <th scope="col">{t("picture")}</th>
            <th scope="col">{t("name")}</th>
            <th scope="col">{t("id")}</th>
            <th scope="col">{t("kind")}</th>
            <th scope="col" className={styles.amount}>
              {t("price")}
            </th>
            <th scope="col">{t("availability.title")}</th>
            <th scope="col">{t("shown")}</th>
            <th scope="col">{t("featured")}</th>
            <th scope="col">{t("sortOrder")}</th>
            <th scope="col">{t("updated")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const facts = shop?.get(row.id);
            const state = availability(row, facts, shop !== null);
            return (
              <tr key={row.id}>
                {selectable && (
                  <td>
                    <input type="checkbox" name={selectedField(row.id)} id={selectedField(row.id)} aria-label={t("selectOne", { name: row.name })} />
                  </td>
                )}
                <td data-label={t("picture")}>
                  <CatalogueThumbnail brand={row.brand} image={facts?.image ?? null} alt={t("pictureOf", { name: row.name })} />
                </td>
                <th scope="row">
                  <Link href={`/admin/catalogue/${row.id}`}>{row.name}</Link>
                  {row.name !== row.upstreamName && <span className={own.muted}> ({row.upstreamName})</span>}
                  {row.isNew && <span className={own.badge}>{t("new")}</span>}
                  <br />
                  <span className={own.muted}>{row.brand}</span>
                </th>
                <td data-label={t("id")}>{row.id}</td>
                <td data-label={t("kind")}>{t(`kinds.${row.type === "balance" ? "balance" : "voucher"}`)}</td>
                <td data-label={t("price")} className={styles.amount} data-testid="catalogue-price">
                  {facts?.fromPrice ? t("from", { price: formatMoney(facts.fromPrice, locale) }) : facts?.balance && !facts.unavailable ? t("anyAmount") : t("noPrice")}
                </td>
                <td data-label={t("availability.title")}>
                  <span className={`${styles.badge} ${styles[`badge-${state.tone}`]}`} data-testid="availability-badge">
                    {t(`availability.${state.key}` as "availability.onSale")}
                  </span>
                </td>
                <td data-label={t("shown")} data-testid="visibility">{row.hidden ? <strong>{t("hidden")}</strong> : t("visible")}</td>
                <td data-label={t("featured")}>{row.featured ? t("yes") : t("no")}</td>
                <td data-label={t("sortOrder")}>{row.sortOrder ?? t("noSortOrder")}</td>
                <td data-label={t("updated")}>
                  {row.updatedAt === null ? t("never") : <time dateTime={new Date(row.updatedAt).toISOString()}>{updatedAt(row.updatedAt)}</time>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
