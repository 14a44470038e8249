// The preview of a draft: what the change does to every voucher it touches, counted, and a page of
// the rows (cost, old and new price, margin, partner discount, face value), each flagged when sold
// at a loss, thin, above face value or no longer sold. Rendered on the server from lib/pricing's
// preview, the same pure function the storefront prices with; pages are links.
import { getLocale, getTranslations } from "next-intl/server";
import Link from "next/link";
import type { Money } from "@/lib/money/money";
import { formatMoney } from "@/lib/money/format-money";
import type { PreviewOutcome, PreviewRow, RulePreview } from "@/lib/pricing/preview-rule-change";
import admin from "../admin.module.css";
import styles from "./prices.module.css";
import { TableScroll } from "@/app/_components/admin/table-scroll";

export const PREVIEW_PAGE_SIZE = 50;

/** Rows worth a look first: loss, thin and above face value, then withdrawn, then the rest, in catalogue order. */
function weight(row: PreviewRow): number {
  const { flags, price } = row.after;
  if (flags.negative || flags.thin || flags.aboveFaceValue) return price ? 0 : 1;
  return price ? 2 : 1;
}

export async function PreviewTable({ preview, page, pageHref }: { preview: RulePreview; page: number; pageHref: (page: number) => string }) {
  const t = await getTranslations("admin.prices.preview");
  const locale = await getLocale();
  const money = (amount: Money | null) => (amount ? formatMoney(amount, locale) : "—");
  const { counts } = preview;
  const pages = Math.max(1, Math.ceil(preview.rows.length / PREVIEW_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = preview.rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => weight(a.row) - weight(b.row) || a.index - b.index)
    .slice((current - 1) * PREVIEW_PAGE_SIZE, current * PREVIEW_PAGE_SIZE)
    .map(({ row }) => row);

  const outcome = (result: PreviewOutcome) =>
    result.price ? money(result.price) : <span className={styles.refused}>{t("notSold", { reason: t.has(`refusals.${result.refusal}` as never) ? t(`refusals.${result.refusal}` as "refusals.no_rate") : (result.refusal ?? "") })}</span>;
  const flags = (row: PreviewRow) => {
    const shown: string[] = [];
    if (row.before.price && !row.after.price) shown.push(t("flags.withdrawn"));
    if (row.after.flags.negative) shown.push(t("flags.negative"));
    if (row.after.flags.thin) shown.push(t("flags.thin"));
    if (row.after.flags.aboveFaceValue) shown.push(t("flags.aboveFaceValue"));
    return shown;
  };

  return (
    <>
      <p>{t("touched", { touched: counts.touched, vouchers: counts.vouchers, raised: counts.raised, lowered: counts.lowered, withdrawn: counts.withdrawn, restored: counts.restored })}</p>
      <ul className={styles.counts} aria-label={t("flaggedLabel")}>
        <li className={counts.negative ? styles.bad : undefined}>{t("countNegative", { count: counts.negative })}</li>
        <li className={counts.thin ? styles.warn : undefined}>{t("countThin", { count: counts.thin })}</li>
        <li className={counts.aboveFaceValue ? styles.warn : undefined}>{t("countAboveFaceValue", { count: counts.aboveFaceValue })}</li>
      </ul>
      {preview.rows.length > 0 && (
        <TableScroll>
          <table className={admin.table}>
            <caption className="visually-hidden">{t("caption", { page: current, pages })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("item")}</th>
                <th scope="col">{t("cost")}</th>
                <th scope="col">{t("oldPrice")}</th>
                <th scope="col">{t("newPrice")}</th>
                <th scope="col">{t("margin")}</th>
                <th scope="col">{t("partnerDiscount")}</th>
                <th scope="col">{t("faceValue")}</th>
                <th scope="col">{t("flagsHeading")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const shown = flags(row);
                return (
                  <tr key={`${row.serviceId}:${row.voucherId ?? ""}`} className={shown.length ? styles.flagged : undefined}>
                    <th scope="row">
                      {row.name}
                      <span className={styles.hint}>
                        {" "}
                        {row.serviceName}
                        {row.after.appliedRule && ` · ${t(`levels.${row.after.appliedRule.level}`)}`}
                      </span>
                    </th>
                    <td>{money(row.cost)}</td>
                    <td>{outcome(row.before)}</td>
                    <td>{outcome(row.after)}</td>
                    <td>{money(row.after.margin)}</td>
                    <td>{row.partnerDiscountPercent === null ? "—" : t("percent", { value: row.partnerDiscountPercent })}</td>
                    <td>{money(row.faceValue)}</td>
                    <td>{shown.length ? shown.join(", ") : "—"}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      {pages > 1 && (
        <nav className={admin.paging} aria-label={t("paging")}>
          {current > 1 && <Link href={pageHref(current - 1)}>{t("previous")}</Link>}
          <span>{t("pageOf", { page: current, pages })}</span>
          {current < pages && <Link href={pageHref(current + 1)}>{t("next")}</Link>}
        </nav>
      )}
    </>
  );
}
