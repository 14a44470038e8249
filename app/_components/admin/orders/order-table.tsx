// One page of the order list as a table: each order id opens its page, each product filters the
// list by it. Plain links, so it is used by keyboard like any page.
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import type { Locale } from "@/lib/i18n/locales";
import styles from "@/app/_components/admin/admin.module.css";
import { formatMoney } from "@/lib/money";
import { orderListParams, type OrderListQuery } from "@/lib/order-list/order-list-query";
import type { OrderRow } from "@/lib/order-list/order-row";
import own from "./orders.module.css";
import { shopMode } from "@/lib/config/shop-mode";
import { orderMode } from "./order-mode";
import { StateBadge } from "./state-badge";
import { TableScroll } from "@/app/_components/admin/table-scroll";

interface Props {
  locale: Locale;
  rows: OrderRow[];
  query: OrderListQuery;
}

export async function OrderTable({ locale, rows, query }: Props) {
  const t = await getTranslations({ locale, namespace: "admin.orders" });
  const format = await getFormatter({ locale });
  const mode = shopMode();
  if (rows.length === 0) return <p>{t("empty")}</p>;
  const productHref = (gameId: number) => `/admin/orders?${orderListParams({ ...query, product: gameId, after: undefined }).toString()}`;
  return (
    <TableScroll>
      <table className={`${styles.table} ${styles.cards}`}>
        <caption className="visually-hidden">{t("caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("columns.order")}</th>
            <th scope="col">{t("columns.created")}</th>
            <th scope="col">{t("columns.state")}</th>
            <th scope="col">{t("columns.product")}</th>
            <th scope="col">{t("columns.email")}</th>
            <th scope="col">{t("columns.price")}</th>
            <th scope="col">{t("columns.mode")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) =>
            row.unreadable ? (
              <tr key={row.id}>
                <th scope="row" className={own.mono}>
                  <Link href={`/admin/orders/${row.id}`}>{row.id}</Link>
                </th>
                <td colSpan={6}>{t("unreadable")}</td>
              </tr>
            ) : (
              <tr key={row.id}>
                <th scope="row" className={own.mono} data-label={t("columns.order")}>
                  <Link href={`/admin/orders/${row.id}`}>{row.id}</Link>
                </th>
                <td data-label={t("columns.created")}>{format.dateTime(row.createdAt, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })}</td>
                <td data-label={t("columns.state")}>
                  <StateBadge state={row.state} label={t(`filters.stateChoices.${row.state}`)} />
                  {row.alert !== null && <strong> · {t("needsOwner")}</strong>}
                </td>
                <td data-label={t("columns.product")}>
                  {/* A product's name is the catalogue's, in its own language: a name, not text to translate. */}
                  <Link href={productHref(row.gameId)} title={t("filterByProduct")} translate="no">
                    {row.product}
                  </Link>
                </td>
                <td data-label={t("columns.email")}>{row.email}</td>
                <td data-label={t("columns.price")} className={styles.amount}>
                  {formatMoney(row.price, locale)}
                </td>
                <td data-label={t("columns.mode")}>{t(`filters.flowChoices.${row.flow}`)} · {t(`filters.modeChoices.${orderMode(row.test, mode)}`)}</td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}
