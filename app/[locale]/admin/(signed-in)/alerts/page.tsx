// GET /admin/alerts?from=N – the owner's alerts, newest first, a page at a time: what happened,
// how often, where it was sent and whether that worked, and who acknowledged it. Staff may look
// and acknowledge; the owner may send a test alert through the same delivery.
import { randomUUID } from "node:crypto";
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import type { ReactNode } from "react";
import styles from "@/app/_components/admin/admin.module.css";
import { AlertActionForm } from "@/app/_components/admin/alerts/alert-action-form";
import { alertText } from "@/app/_components/admin/alerts/alert-text";
import alertStyles from "@/app/_components/admin/alerts/alerts.module.css";
import type { AlertRecord } from "@/lib/alerts";
import { shopAlerts } from "@/lib/shop/alerts";
import { alertRecipient } from "@/lib/shop/alerts";
import { adminPage } from "@/lib/shop/admin-guard";
import { roleAllows } from "@/lib/auth/roles";
import { env } from "@/lib/config/env";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { acknowledgeAlert, sendTestAlert } from "./actions";
import { TableScroll } from "@/app/_components/admin/table-scroll";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ from?: string }> };

const PAGE_SIZE = 25;

export default adminPage("staff", async ({ params, searchParams }: Props, admin) => {
  const { locale: segment } = await params;
  const locale = isLocale(segment) ? segment : DEFAULT_LOCALE;
  const t = await getTranslations({ locale, namespace: "admin.alerts" });
  const said = await getTranslations({ locale });
  const format = await getFormatter({ locale });
  const offset = Math.max(0, Math.floor(Number((await searchParams).from) || 0));
  const alerts = await shopAlerts();
  const page = await alerts.list({ offset, limit: PAGE_SIZE });
  const config = env();
  const recipient = alertRecipient();
  const webhookHost = config.ALERT_WEBHOOK_URL ? new URL(config.ALERT_WEBHOOK_URL).host : null;
  const words = { email: t("email"), webhook: t("webhook"), sent: t("sent"), failed: t("failed") };
  const answers = {
    acknowledged: t("answers.acknowledged"),
    // Left as a placeholder here: the form fills in who acknowledged it from the action's answer.
    alreadyAcknowledged: t("answers.alreadyAcknowledged", { by: "{by}" }),
    notFound: t("answers.notFound"),
    testSent: t("answers.testSent"),
    testFailedChannel: t("answers.testFailedChannel"),
    testAlreadySent: t("answers.testAlreadySent"),
    noChannel: t("answers.noChannel"),
    testFailed: t("answers.testFailed"),
    unauthorized: t("answers.unauthorized"),
    forbidden: t("answers.forbidden"),
  };
  const code = (chunks: ReactNode) => <code>{chunks}</code>;
  const when = (ms: number) => <time dateTime={new Date(ms).toISOString()}>{format.dateTime(ms, { dateStyle: "medium", timeStyle: "medium" })}</time>;
  const state = (alert: AlertRecord) => {
    if (alert.acknowledgedAt !== null) return <>{t("acknowledgedBy", { by: alert.acknowledgedBy ?? "" })} {when(alert.acknowledgedAt)}</>;
    if (alert.clearedAt !== null) return <>{t("cleared")} {when(alert.clearedAt)}</>;
    return <strong>{t("open")}</strong>;
  };

  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("intro", { minutes: config.ALERT_WINDOW_MINUTES })}</p>
      <dl className={styles.facts}>
        <dt>{t("email")}</dt>
        <dd>{recipient ?? t.rich("noEmail", { code })}</dd>
        <dt>{t("webhook")}</dt>
        <dd>{webhookHost ? t("webhookTo", { host: webhookHost }) : t.rich("noWebhook", { code })}</dd>
      </dl>
      {roleAllows(admin.role, "owner") ? (
        <AlertActionForm action={sendTestAlert} label={t("testLabel")} answers={answers} words={words} className={styles.form}>
          {/* New at every render: submitting this form twice sends one test. */}
          <input type="hidden" name="token" value={randomUUID()} />
          <button className="button" type="submit">
            {t("sendTest")}
          </button>
        </AlertActionForm>
      ) : (
        <p>{t("staffNote")}</p>
      )}
      <h2>{t("listTitle")}</h2>
      {page.alerts.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <TableScroll>
          <table className={styles.table}>
            <caption className={alertStyles.caption}>{t("count", { total: page.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("alert")}</th>
                <th scope="col">{t("seen")}</th>
                <th scope="col">{t("delivery")}</th>
                <th scope="col">{t("state")}</th>
              </tr>
            </thead>
            <tbody>
              {page.alerts.map((alert) => {
                const text = alertText(alert, said, locale);
                return (
                <tr key={alert.id}>
                  <td>
                    <strong lang={text.english ? "en" : undefined}>{alert.test ? `${t("testTag")} ${text.title}` : text.title}</strong>
                    {text.detail && (
                      <p className={alertStyles.detail} lang={text.english ? "en" : undefined}>
                        {text.detail}
                      </p>
                    )}
                    {text.recorded && (
                      <details className={alertStyles.detail}>
                        <summary>{t("recordedDetail")}</summary>
                        <p lang="en">{text.recorded}</p>
                      </details>
                    )}
                    <code className={alertStyles.muted}>{alert.cause}</code>
                    {alert.link?.startsWith("/") && !alert.test && (
                      <p>
                        <Link href={`/${locale}${alert.link}`}>{alert.orderId ? t("openOrder", { id: alert.orderId }) : t("view")}</Link>
                      </p>
                    )}
                  </td>
                  <td>
                    {t("times", { count: alert.count })}
                    <br />
                    {t("first")} {when(alert.firstSeen)}
                    {alert.count > 1 && (
                      <>
                        <br />
                        {t("last")} {when(alert.lastSeen)}
                      </>
                    )}
                  </td>
                  <td>
                    {alert.deliveries.length === 0 ? (
                      <span className={alertStyles.muted}>{t("notSent")}</span>
                    ) : (
                      <ul className={alertStyles.deliveries}>
                        {alert.deliveries.map((delivery, index) => (
                          <li key={index}>
                            {words[delivery.channel]}: {delivery.ok ? words.sent : <strong>{words.failed}</strong>} {when(delivery.at)}
                            <br />
                            {/* The transport's own report (the outbox file, the SMTP id, the HTTP status), kept as it said it. */}
                            <code className={alertStyles.muted}>{delivery.detail}</code>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    {state(alert)}
                    {/* A cleared alert is closed: nothing left for anyone to take on. */}
                    {alert.acknowledgedAt === null && alert.clearedAt === null && (
                      <AlertActionForm action={acknowledgeAlert} label={t("acknowledgeLabel", { title: text.title })} answers={answers} words={words}>
                        <input type="hidden" name="id" value={alert.id} />
                        <button className={`button button-secondary ${alertStyles.action}`} type="submit">
                          {t("acknowledge")}
                        </button>
                      </AlertActionForm>
                    )}
                  </td>
                </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav className={styles.paging} aria-label={t("paging")}>
        {offset > 0 && <Link href={`/${locale}/admin/alerts?from=${Math.max(0, offset - PAGE_SIZE)}`}>{t("newer")}</Link>}
        {page.next !== null && <Link href={`/${locale}/admin/alerts?from=${page.next}`}>{t("older")}</Link>}
      </nav>
    </>
  );
});
