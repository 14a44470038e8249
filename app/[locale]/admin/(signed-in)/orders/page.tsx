// GET /admin/orders?q=&state=&from=&to=&product=&flow=&mode=&size=&after= – every order, newest
// first, filtered and searched through the order indexes and paged on the server by cursor
// (lib/order-list). Staff may look; the CSV link exports what the filters match.
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import styles from "@/app/_components/admin/admin.module.css";
import { OrderFilterForm } from "@/app/_components/admin/orders/order-filter-form";
import { OrderTable } from "@/app/_components/admin/orders/order-table";
import own from "@/app/_components/admin/orders/orders.module.css";
import { adminPage } from "@/lib/shop/admin-guard";
import { setSegmentLocale } from "@/lib/auth/guard/admin-locale";
import { getKv } from "@/lib/kv/get-kv";
import { listOrders } from "@/lib/order-list/list-orders";
import { orderListParams, readOrderListQuery } from "@/lib/order-list/order-list-query";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default adminPage("staff", async ({ params, searchParams }: Props) => {
  const locale = await setSegmentLocale({ params });
  const t = await getTranslations({ locale, namespace: "admin.orders" });
  const read = readOrderListQuery(await searchParams);
  const heading = (
    <>
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
    </>
  );
  if (!read.ok) {
    return (
      <div className={own.page}>
        {heading}
        <OrderFilterForm locale={locale} values={read.raw} errors={read.errors} />
        <p className="notice" role="alert">
          {t("invalid")}
        </p>
      </div>
    );
  }

  const query = read.query;
  const page = await listOrders(await getKv(), query);
  const filters = orderListParams({ ...query, after: undefined, size: undefined });
  return (
    <div className={own.page}>
      {heading}
      <OrderFilterForm locale={locale} values={query} errors={{}} />
      {page.ok ? (
        <>
          <p>
            <a href={`/api/admin/orders/export${filters.size > 0 ? `?${filters.toString()}` : ""}`} download>
              {t("export")}
            </a>
          </p>
          <OrderTable locale={locale} rows={page.value.rows} query={query} />
          <nav className={styles.paging} aria-label={t("paging.label")}>
            {query.after !== undefined && <Link href={`/admin/orders?${orderListParams({ ...query, after: undefined }).toString()}`}>{t("paging.newest")}</Link>}
            {page.value.next !== null && (
              <Link href={`/admin/orders?${orderListParams({ ...query, after: page.value.next }).toString()}`}>{t("paging.older")}</Link>
            )}
          </nav>
        </>
      ) : (
        <p className="notice" role="alert">
          {page.error.code === "invalid_cursor" ? t("badCursor") : t("unavailable")}
        </p>
      )}
    </div>
  );
});
