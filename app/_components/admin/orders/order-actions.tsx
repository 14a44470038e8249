// The owner's actions on one order, for the order page (/admin/orders/[orderId]): re-drive,
// resend the order email, cancel (before delivery) and refund (after it, owner only). A server
// component: each form gets a fresh request id with every render, so a double submit of one form
// acts once while a later click (after the page re-renders) is a new request. What the order's
// state rules out is said instead of a form; the server actions check again in any case.
import { randomUUID } from "node:crypto";
import { getTranslations } from "next-intl/server";
import { cancelOrderAction, redriveOrderAction, refundOrderAction, resendOrderEmailAction } from "@/app/[locale]/admin/(signed-in)/orders/[orderId]/actions";
import type { Role } from "@/lib/auth/roles";
import { cancelRefusal, pendingRefund, refundable, refunded } from "@/lib/checkout/owner-actions";
import type { OrderRecord } from "@/lib/checkout/order-record";
import { currencyExponent, formatMoney } from "@/lib/money";
import type { Locale } from "@/lib/i18n/locales";
import { OrderActionForm } from "./order-action-form";

export interface OrderActionsProps {
  /** The order as the page read it. */
  order: OrderRecord;
  /** The signed-in person's role: staff see refunds but may not make them. */
  role: Role;
  locale: Locale;
}

export async function OrderActions({ order, role, locale }: OrderActionsProps) {
  const t = await getTranslations({ locale, namespace: "admin.orderActions" });
  const money = (value: Parameters<typeof formatMoney>[0]) => formatMoney(value, locale);
  const cancelNo = order.state === "releasing" || order.state === "failed" ? null : cancelRefusal(order);
  const canCancelNow = cancelNo === null && order.state !== "releasing" && order.state !== "failed";
  const left = refundable(order);
  const pending = pendingRefund(order);
  const given = refunded(order);
  const currency = order.quote.price.currency;
  const step = currencyExponent(currency) === 0 ? "1" : `0.${"1".padStart(currencyExponent(currency), "0")}`;

  return (
    <section aria-labelledby="order-actions">
      <h2 id="order-actions">{t("title")}</h2>
      {role === "staff" && <p>{t("staffNote")}</p>}

      <h3>{t("redrive")}</h3>
      <p>{t("redriveHelp")}</p>
      <OrderActionForm action={redriveOrderAction} schema="redrive" orderId={order.id} requestId={randomUUID()} submit={t("redrive")} label={t("redrive")} />

      <h3>{t("resend")}</h3>
      <p>{t("resendHelp")}</p>
      <OrderActionForm action={resendOrderEmailAction} schema="resend" orderId={order.id} requestId={randomUUID()} submit={t("resend")} label={t("resend")} />

      <h3>{t("cancel")}</h3>
      <p>{t("cancelHelp")}</p>
      {canCancelNow ? (
        <OrderActionForm action={cancelOrderAction} schema="cancel" orderId={order.id} requestId={randomUUID()} submit={t("cancel")} label={t("cancel")} danger>
          <label>
            <span>
              <input type="checkbox" name="confirm" value="yes" /> {t("cancelConfirm")}
            </span>
          </label>
        </OrderActionForm>
      ) : cancelNo ? (
        <p>{t("cancelNotNow", { why: t(`cancelWhy.${cancelNo.code}` as "cancelWhy.delivered") })}</p>
      ) : null}

      <h3>{t("refund")}</h3>
      {given.minor > 0 && <p>{t("refunded", { amount: money(given) })}</p>}
      {pending ? (
        <p className="notice">{t("pendingRefund", { amount: money(pending.amount) })}</p>
      ) : order.state === "refunded" ? null : order.state !== "completed" ? (
        <p>{t(order.state === "refunding" ? "results.already_refunded" : "results.not_completed")}</p>
      ) : role !== "owner" ? (
        <p>{t("notAllowed")}</p>
      ) : (
        <>
          <p>{t("refundHelp", { left: money(left) })}</p>
          <p className="notice" role="note">
            {t("refundWarning")}
          </p>
          <OrderActionForm action={refundOrderAction} schema="refund" orderId={order.id} requestId={randomUUID()} submit={t("refund")} label={t("refund")} danger>
            <input type="hidden" name="currency" value={currency} />
            <label>
              {t("amount", { currency, left: money(left) })}
              <input name="amount" inputMode="decimal" autoComplete="off" step={step} />
            </label>
            <label>
              {t("reason")}
              <textarea name="reason" rows={2} maxLength={500} />
            </label>
            <label>
              <span>
                <input type="checkbox" name="confirm" value="yes" /> {t("refundConfirm")}
              </span>
            </label>
          </OrderActionForm>
        </>
      )}
    </section>
  );
}
