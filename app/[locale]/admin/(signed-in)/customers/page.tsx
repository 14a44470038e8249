// GET /admin/customers – the buyers of the latest orders, by email: orders, money paid and
// refunded, disputes, screening decisions, and whether the blocklist holds them, with block /
// unblock for the owner (through the BlockPort the screening reads).
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import styles from "@/app/_components/admin/admin.module.css";
import { BuyerBlockForm } from "@/app/_components/admin/fraud/buyer-block-form";
import { adminPage } from "@/lib/shop/admin-guard";
import { setSegmentLocale } from "@/lib/auth/guard/admin-locale";
import { roleAllows } from "@/lib/auth/roles";
import { listCustomers } from "@/lib/checkout/customers";
import { getKv } from "@/lib/kv/get-kv";
import { formatMoney, type Money } from "@/lib/money";
import { shopBlocklist } from "@/lib/shop/fraud";
import { blockBuyerAction, unblockBuyerAction } from "./actions";
import { TableScroll } from "@/app/_components/admin/table-scroll";

type Props = { params: Promise<{ locale: string }> };

export default adminPage("staff", async ({ params }: Props, admin) => {
  const locale = await setSegmentLocale({ params });
  const t = await getTranslations({ locale, namespace: "admin.customers" });
  const fraud = await getTranslations({ locale, namespace: "admin.review" });
  const kv = await getKv();
  const [customers, entries] = await Promise.all([listCustomers(kv), shopBlocklist(kv).list()]);
  const blockedEmails = new Set(entries.filter((entry) => entry.kind === "email").map((entry) => entry.value));
  const sums = (list: Money[]) => (list.length === 0 ? "—" : list.map((money) => formatMoney(money, locale)).join(", "));
  const owner = roleAllows(admin.role, "owner");

  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      {customers.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <TableScroll>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t("columns.buyer")}</th>
                <th scope="col">{t("columns.orders")}</th>
                <th scope="col">{t("columns.paid")}</th>
                <th scope="col">{t("columns.refunded")}</th>
                <th scope="col">{t("columns.disputes")}</th>
                <th scope="col">{t("columns.decisions")}</th>
                <th scope="col">{t("columns.blocked")}</th>
                {owner && <th scope="col">{t("columns.actions")}</th>}
              </tr>
            </thead>
            <tbody>
              {customers.map((customer) => {
                const blocked = blockedEmails.has(customer.email);
                return (
                  <tr key={customer.email}>
                    <td>
                      <Link href={`/${locale}/admin/orders?q=${encodeURIComponent(customer.email)}`}>{customer.email}</Link>
                    </td>
                    <td>{customer.orders}</td>
                    <td>{sums(customer.paid)}</td>
                    <td>{sums(customer.refunded)}</td>
                    <td>{customer.disputes}</td>
                    <td>
                      {Object.entries(customer.decisions)
                        .map(([decision, count]) => `${fraud(`decisions.${decision}` as "decisions.allow")} × ${count}`)
                        .join(", ") || "—"}
                    </td>
                    <td>{t(blocked ? "blocked" : "notBlocked")}</td>
                    {owner && (
                      <td>
                        <BuyerBlockForm action={blocked ? unblockBuyerAction : blockBuyerAction} email={customer.email} cards={customer.cards} blocked={blocked} />
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
});
