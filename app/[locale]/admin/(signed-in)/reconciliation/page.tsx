// GET /admin/reconciliation – every kept run, newest first, and (for the owner) a form that runs
// a period now; below, the partner balance's unexplained debits. Staff may look.
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import styles from "@/app/_components/admin/admin.module.css";
import { ReconciliationActionForm } from "@/app/_components/admin/reconciliation/action-form";
import { adminPage } from "@/lib/shop/admin-guard";
import { roleAllows } from "@/lib/auth/roles";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";
import { getKv } from "@/lib/kv/get-kv";
import { formatMoney } from "@/lib/money";
import { readBalanceDebits } from "@/lib/operations/balance-reconciliation";
import { dayOf } from "@/lib/reconciliation/period";
import { listRuns } from "@/lib/reconciliation/run-store";
import { runReconciliation } from "./actions";
import { TableScroll } from "@/app/_components/admin/table-scroll";

type Props = { params: Promise<{ locale: string }> };

export default adminPage("staff", async ({ params }: Props, admin) => {
  const { locale: segment } = await params;
  const locale = isLocale(segment) ? segment : DEFAULT_LOCALE;
  const t = await getTranslations({ locale, namespace: "admin.reconciliation" });
  const format = await getFormatter({ locale });
  const kv = await getKv();
  const [runs, debits] = await Promise.all([listRuns(kv), readBalanceDebits(kv, currentUpstream())]);
  const at = (ms: number) => <time dateTime={new Date(ms).toISOString()}>{format.dateTime(ms, { dateStyle: "medium", timeStyle: "medium" })}</time>;
  const today = dayOf(Date.now());
  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t.rich("intro", { code: (chunks) => <code>{chunks}</code> })}</p>
      {roleAllows(admin.role, "owner") ? (
        <ReconciliationActionForm action={runReconciliation} label={t("runLabel")} answers={{
            from_not_a_day: t("answers.fromNotADay"),
            to_not_a_day: t("answers.toNotADay"),
            to_to_before_from: t("answers.toBeforeFrom"),
            to_too_long: t("answers.tooLong"),
            busy: t("answers.busy"),
          }} className={styles.form}>
          <input type="hidden" name="locale" value={locale} />
          <div className={styles.inputs}>
            <label>
              {t("from")} <input type="date" name="from" defaultValue={today} required />
            </label>
            <label>
              {t("to")} <input type="date" name="to" defaultValue={today} required />
            </label>
          </div>
          <button className="button" type="submit">
            {t("runNow")}
          </button>
        </ReconciliationActionForm>
      ) : (
        <p>{t("staffNote")}</p>
      )}
      <h2>{t("runs")}</h2>
      {runs.length === 0 ? (
        <p>{t("noRuns")}</p>
      ) : (
        <TableScroll>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t("started")}</th>
                <th scope="col">{t("period")}</th>
                <th scope="col">{t("trigger")}</th>
                <th scope="col">{t("outcome")}</th>
                <th scope="col">{t("orders")}</th>
                <th scope="col">{t("mismatches")}</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.id}>
                  <td>
                    <Link href={`/${locale}/admin/reconciliation/${run.id}`}>
                      <time dateTime={new Date(run.startedAt).toISOString()}>{format.dateTime(run.startedAt, { dateStyle: "medium", timeStyle: "medium" })}</time>
                    </Link>
                  </td>
                  <td>{run.period.from === run.period.to ? run.period.from : `${run.period.from} – ${run.period.to}`}</td>
                  <td>{run.trigger === "cron" ? t("byCron") : (run.startedBy ?? "")}</td>
                  <td>{run.outcome === "done" ? t("done") : t("failed")}</td>
                  <td>{run.counts.orders}</td>
                  <td>{run.counts.mismatches}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <h2>{t("balanceTitle")}</h2>
      <p>{t("balanceIntro")}</p>
      {debits.length === 0 ? (
        <p>{t("noBalanceDebits")}</p>
      ) : (
        <TableScroll>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t("balanceReadAt")}</th>
                <th scope="col">{t("balancePrevious")}</th>
                <th scope="col">{t("balanceCounted")}</th>
                <th scope="col">{t("balanceHeld")}</th>
                <th scope="col">{t("balanceNow")}</th>
                <th scope="col">{t("balanceUnexplained")}</th>
              </tr>
            </thead>
            <tbody>
              {debits.map((row) => {
                const money = (minor: number) => formatMoney({ minor, currency: row.balance.currency }, locale);
                return (
                  <tr key={row.readAt}>
                    <td>{at(row.readAt)}</td>
                    <td>
                      {money(row.previous.minor)} ({at(row.previousReadAt)})
                    </td>
                    <td>{money(row.countedMinor)}</td>
                    <td>{money(row.heldMinor)}</td>
                    <td>{money(row.balance.minor)}</td>
                    <td>{money(row.unexplainedMinor)}</td>
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
