// Upstream's changes since the owner last looked, as three tables: services added (with whether
// buyers see them now), services removed, and services whose vouchers or discount changed.
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import type { UpstreamChanges } from "@/lib/catalog/presentation";
import styles from "../admin.module.css";
import { TableScroll } from "@/app/_components/admin/table-scroll";

type Props = Pick<UpstreamChanges, "added" | "removed" | "changed">;

export async function UpstreamChangeTables({ added, removed, changed }: Props) {
  const t = await getTranslations("admin.catalogue.changes");
  const tTable = await getTranslations("admin.catalogue.table");
  const format = await getFormatter();
  const money = (amount: { cost: number; currency: string }) => format.number(amount.cost, { style: "currency", currency: amount.currency });
  const percent = (value: number | null) => (value === null ? t("noDiscount") : format.number(value / 100, { style: "percent", maximumFractionDigits: 4 }));
  const kind = (type: string) => tTable(`kinds.${type === "balance" ? "balance" : "voucher"}`);
  const editor = (id: number, name: string) => <Link href={`/admin/catalogue/${id}`}>{name}</Link>;

  return (
    <>
      <h2>{t("added", { count: added.length })}</h2>
      {added.length > 0 && (
        <TableScroll>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{tTable("name")}</th>
                <th scope="col">{tTable("id")}</th>
                <th scope="col">{tTable("kind")}</th>
                <th scope="col">{tTable("shown")}</th>
              </tr>
            </thead>
            <tbody>
              {added.map((service) => (
                <tr key={service.id}>
                  <th scope="row">{editor(service.id, service.name)}</th>
                  <td>{service.id}</td>
                  <td>{kind(service.type)}</td>
                  <td>{service.hidden ? <strong>{tTable("hidden")}</strong> : tTable("visible")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <h2>{t("removed", { count: removed.length })}</h2>
      {removed.length > 0 && (
        <ul>
          {removed.map((service) => (
            <li key={service.id}>{t("removedService", { name: service.name, id: service.id, kind: kind(service.type) })}</li>
          ))}
        </ul>
      )}

      <h2>{t("changed", { count: changed.length })}</h2>
      {changed.length > 0 && (
        <TableScroll>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{tTable("name")}</th>
                <th scope="col">{t("what")}</th>
              </tr>
            </thead>
            <tbody>
              {changed.map((service) => (
                <tr key={service.id}>
                  <th scope="row">{editor(service.id, service.name)}</th>
                  <td>
                    <ul>
                      {service.discountPercent && (
                        <li>{t("discount", { before: percent(service.discountPercent.before), after: percent(service.discountPercent.after) })}</li>
                      )}
                      {service.addedVouchers.map((voucher) => (
                        <li key={`added-${voucher.id}`}>{t("voucherAdded", { name: voucher.name, cost: money(voucher) })}</li>
                      ))}
                      {service.removedVouchers.map((voucher) => (
                        <li key={`removed-${voucher.id}`}>{t("voucherRemoved", { name: voucher.name })}</li>
                      ))}
                      {service.repricedVouchers.map((voucher) => (
                        <li key={`repriced-${voucher.id}`}>{t("repriced", { name: voucher.name, before: money(voucher.before), after: money(voucher.after) })}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
