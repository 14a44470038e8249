// GET /admin/review – the review queue: orders held at authorization, nearest deadline first,
// with their reasons and approve / reject; and the review settings (the owner edits them).
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import styles from "@/app/_components/admin/admin.module.css";
import { ReviewForms } from "@/app/_components/admin/fraud/screening-section";
import { ReviewSettingsForm } from "@/app/_components/admin/fraud/review-settings-form";
import { adminPage } from "@/lib/shop/admin-guard";
import { shopReviewSettings } from "@/lib/shop/fraud";
import { setSegmentLocale } from "@/lib/auth/guard/admin-locale";
import { roleAllows } from "@/lib/auth/roles";
import { isChecking } from "@/lib/checkout/public-order";
import { dropFromReview, reviewQueue } from "@/lib/checkout/screening/review-queue";
import { readOrders } from "@/lib/checkout/store/order-store";
import { getKv } from "@/lib/kv/get-kv";
import { formatMoney } from "@/lib/money";
import { saveReviewSettingsAction } from "./actions";
import { TableScroll } from "@/app/_components/admin/table-scroll";

type Props = { params: Promise<{ locale: string }> };

export default adminPage("staff", async ({ params }: Props, admin) => {
  const locale = await setSegmentLocale({ params });
  const t = await getTranslations({ locale, namespace: "admin.review" });
  const format = await getFormatter({ locale });
  const kv = await getKv();
  const [ids, settings] = await Promise.all([reviewQueue(kv), shopReviewSettings(kv)]);
  const read = await readOrders(kv, ids);
  const held = read.flatMap((order) => (order.ok && isChecking(order.value.record) ? [order.value.record] : []));
  // Entries whose order was decided (or is gone) leave the queue as they are found.
  const decided = read.flatMap((order, i) => (order.ok && !isChecking(order.value.record)) || (!order.ok && order.error.code === "not_found") ? [ids[i] ?? ""] : []);
  await Promise.all(decided.map((id) => dropFromReview(kv, id)));
  const reason = (code: string) => (t.has(`reasons.${code}` as never) ? t(`reasons.${code}` as "reasons.risk_highest") : code);

  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      <h2>{t("queueTitle")}</h2>
      {held.length === 0 ? (
        <p>{t("queueEmpty")}</p>
      ) : (
        <TableScroll>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t("columns.order")}</th>
                <th scope="col">{t("columns.buyer")}</th>
                <th scope="col">{t("columns.amount")}</th>
                <th scope="col">{t("columns.reasons")}</th>
                <th scope="col">{t("columns.deadline")}</th>
                <th scope="col">{t("columns.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {held.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link href={`/${locale}/admin/orders/${order.id}`}>{order.id}</Link>
                    <br />
                    {order.item.name}
                  </td>
                  <td>{order.email}</td>
                  <td>{formatMoney(order.quote.price, locale)}</td>
                  <td>
                    <ul>
                      {(order.screening?.reasons ?? []).map((code) => (
                        <li key={code}>{reason(code)}</li>
                      ))}
                    </ul>
                  </td>
                  <td>{order.review ? format.dateTime(order.review.deadline, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) : ""}</td>
                  <td>
                    <ReviewForms orderId={order.id} approve={t("approve")} reject={t("reject")} rejectConfirm={t("rejectConfirm")} approveLabel={t("approveLabel", { id: order.id })} rejectLabel={t("rejectLabel", { id: order.id })} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <h2>{t("settingsTitle")}</h2>
      <p>{t("settingsIntro")}</p>
      {!roleAllows(admin.role, "owner") && <p>{t("staffSettingsNote")}</p>}
      <ReviewSettingsForm action={saveReviewSettingsAction} settings={settings} disabled={!roleAllows(admin.role, "owner")} />
    </>
  );
});
