// The order page's fraud section: the decision at authorization with its reasons and signals,
// the review (with approve and reject while it waits), the buyer's request, an early fraud
// warning, a dispute with the evidence assembled for it and its submit form (owner), and how
// often the buyer's page showed the code. Every form carries a request id made with the render.
import { randomUUID } from "node:crypto";
import { Fragment } from "react";
import { getFormatter, getTranslations } from "next-intl/server";
import { approveOrderAction, rejectOrderAction, submitEvidenceAction } from "@/app/[locale]/admin/(signed-in)/review/actions";
import styles from "@/app/_components/admin/admin.module.css";
import { OrderActionForm } from "@/app/_components/admin/orders/order-action-form";
import type { Role } from "@/lib/auth/roles";
import { disputeEvidence } from "@/lib/checkout/dispute-evidence";
import type { OrderRecord } from "@/lib/checkout/order-record";
import type { Locale } from "@/lib/i18n/locales";
import { roleAllows } from "@/lib/auth/roles";

export async function ScreeningSection({ order, role, locale }: { order: OrderRecord; role: Role; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "admin.review" });
  const format = await getFormatter({ locale });
  const when = (ms: number) => format.dateTime(ms, { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
  const reason = (code: string) => (t.has(`reasons.${code}` as never) ? t(`reasons.${code}` as "reasons.risk_highest") : code);
  const value = (v: string | number | boolean | null) => (v === null ? t("unknown") : typeof v === "boolean" ? t(v ? "yes" : "no") : String(v));
  // Stripe's risk levels are codes ("normal", "elevated"): said in words where known.
  const signal = (key: string, v: string | number | boolean | null) =>
    key === "riskLevel" && typeof v === "string" && t.has(`riskLevels.${v}` as never) ? t(`riskLevels.${v}` as "riskLevels.normal") : value(v);
  const { screening, review, dispute, fraudWarning: warning, buyer } = order;

  return (
    <section aria-labelledby="order-fraud">
      <h2 id="order-fraud">{t("sectionTitle")}</h2>
      {screening ? (
        <>
          <p>
            {t("decision")}: <strong>{t(`decisions.${screening.decision}`)}</strong> ({when(screening.at)})
          </p>
          <h3>{t("reasonsTitle")}</h3>
          {screening.reasons.length === 0 ? <p>{t("noReasons")}</p> : <ul>{screening.reasons.map((code) => <li key={code}>{reason(code)}</li>)}</ul>}
          <dl className={styles.facts}>
            {(Object.keys(screening.signals) as (keyof typeof screening.signals)[]).map((key) => (
              <Fragment key={key}>
                <dt>{t(`signals.${key}`)}</dt>
                <dd>{signal(key, screening.signals[key])}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      ) : (
        <p>{t("notScreened")}</p>
      )}
      {buyer && (
        <dl className={styles.facts}>
          <dt>{t("buyerIp")}</dt>
          <dd>{value(buyer.ip)}{buyer.country ? ` (${buyer.country})` : ""}</dd>
          <dt>{t("userAgent")}</dt>
          <dd>{buyer.userAgent === null ? value(null) : <code>{buyer.userAgent}</code>}</dd>
        </dl>
      )}
      <p>{t("codeViews", { count: (order.codeViews ?? []).length })}</p>

      {review && (
        <>
          <h3>{t("reviewTitle")}</h3>
          <p>
            <strong>{t(`reviewStatus.${review.status}`)}</strong>
            {review.status === "pending" ? ` · ${t("reviewDeadline", { when: when(review.deadline) })}` : review.decidedAt !== null ? ` · ${t("decidedBy", { by: review.decidedBy ?? "", when: when(review.decidedAt) })}` : ""}
          </p>
          {review.status === "pending" && order.state === "authorized" && <ReviewForms orderId={order.id} approve={t("approve")} reject={t("reject")} rejectConfirm={t("rejectConfirm")} approveLabel={t("approveLabel", { id: order.id })} rejectLabel={t("rejectLabel", { id: order.id })} />}
        </>
      )}

      {warning && (
        <>
          <h3>{t("warningTitle")}</h3>
          <p>
            {t("warning", { type: warning.fraudType, when: when(warning.at) })} {warning.refunded && t("warningRefunded")}
          </p>
        </>
      )}

      {dispute && (
        <>
          <h3>{t("disputeTitle")}</h3>
          <p>
            {t("dispute", { reason: dispute.reason, status: dispute.status, when: when(dispute.openedAt) })} {dispute.evidenceDueBy !== null && t("evidenceDue", { when: when(dispute.evidenceDueBy) })}
          </p>
          <h4>{t("evidenceTitle")}</h4>
          <dl className={styles.facts}>
            {Object.entries(disputeEvidence(order)).map(([field, text]) => (
              <Fragment key={field}>
                <dt>
                  <code>{field}</code>
                </dt>
                <dd>{String(text)}</dd>
              </Fragment>
            ))}
          </dl>
          {dispute.evidenceSubmittedAt !== null ? (
            <p>{t("evidenceSubmittedAt", { by: dispute.evidenceSubmittedBy ?? "", when: when(dispute.evidenceSubmittedAt) })}</p>
          ) : (
            roleAllows(role, "owner") && (
              <OrderActionForm action={submitEvidenceAction} schema="evidence" orderId={order.id} requestId={randomUUID()} submit={t("submitEvidence")} label={t("submitEvidence")}>
                <label>
                  <span>
                    <input type="checkbox" name="confirm" value="yes" /> {t("evidenceConfirm")}
                  </span>
                </label>
              </OrderActionForm>
            )
          )}
        </>
      )}
    </section>
  );
}

/** Approve and reject for one held order (the order page and the review queue). */
export function ReviewForms(props: { orderId: string; approve: string; reject: string; rejectConfirm: string; approveLabel: string; rejectLabel: string }) {
  return (
    <>
      <OrderActionForm action={approveOrderAction} schema="approve" orderId={props.orderId} requestId={randomUUID()} submit={props.approve} label={props.approveLabel} />
      <OrderActionForm action={rejectOrderAction} schema="reject" orderId={props.orderId} requestId={randomUUID()} submit={props.reject} label={props.rejectLabel} danger>
        <label>
          <span>
            <input type="checkbox" name="confirm" value="yes" /> {props.rejectConfirm}
          </span>
        </label>
      </OrderActionForm>
    </>
  );
}
