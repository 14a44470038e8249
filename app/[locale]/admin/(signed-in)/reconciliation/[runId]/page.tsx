// GET /admin/reconciliation/<runId> – one run: its counts, the calls it made, and every mismatch
// with what each side says, a link to the order and (for the owner) the action that settles it.
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import { notFound } from "next/navigation";
import styles from "@/app/_components/admin/admin.module.css";
import { ReconciliationActionForm } from "@/app/_components/admin/reconciliation/action-form";
import { rowWords } from "@/app/_components/admin/reconciliation/row-words";
import { adminPage } from "@/lib/shop/admin-guard";
import { roleAllows } from "@/lib/auth/roles";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { getKv } from "@/lib/kv/get-kv";
import { readRun, settledMarks } from "@/lib/reconciliation/run-store";
import { settleReconciliationRow } from "../actions";
import { TableScroll } from "@/app/_components/admin/table-scroll";

type Props = { params: Promise<{ locale: string; runId: string }> };

const COUNTS = ["orders", "judged", "inFlight", "submitted", "batches", "upstreamAgreed", "upstreamDisagreed", "upstreamNotFound", "providerIntents", "mismatches"] as const;
const CALLS = ["revise", "orderInfo", "provider"] as const;

export default adminPage("staff", async ({ params }: Props, admin) => {
  const { locale: segment, runId } = await params;
  const locale = isLocale(segment) ? segment : DEFAULT_LOCALE;
  const kv = await getKv();
  const run = await readRun(kv, runId);
  if (!run) notFound();
  const t = await getTranslations({ locale, namespace: "admin.reconciliation" });
  const orderWords = await getTranslations({ locale, namespace: "admin.orders.filters.stateChoices" });
  const stateWord = (state: string) => (orderWords.has(state as Parameters<typeof orderWords.has>[0]) ? orderWords(state as Parameters<typeof orderWords>[0]) : state);
  const format = await getFormatter({ locale });
  const marks = await settledMarks(kv, run);
  const canSettle = roleAllows(admin.role, "owner");
  const period = run.period.from === run.period.to ? run.period.from : `${run.period.from} – ${run.period.to}`;
  return (
    <>
      <p>
        <Link href={`/${locale}/admin/reconciliation`}>{t("back")}</Link>
      </p>
      <h1>{t("runTitle", { period })}</h1>
      <p>
        {t("ranAt", { at: format.dateTime(run.startedAt, { dateStyle: "medium", timeStyle: "medium" }), seconds: ((run.finishedAt - run.startedAt) / 1000).toFixed(1) })}{" "}
        {run.outcome === "done" ? t("done") : t("failedBecause", { error: run.error ?? "" })}
      </p>
      <h2>{t("countsTitle")}</h2>
      <dl className={styles.facts}>
        {COUNTS.map((name) => (
          <div key={name}>
            <dt>{t(`count.${name}`)}</dt>
            <dd>{run.counts[name]}</dd>
          </div>
        ))}
        {CALLS.map((name) => (
          <div key={name}>
            <dt>{t.rich(`calls.${name}`, { code: (chunks) => <code>{chunks}</code> })}</dt>
            <dd>{run.calls[name]}</dd>
          </div>
        ))}
      </dl>
      <h2>{t("rowsTitle")}</h2>
      {run.rows.length === 0 ? (
        <p>{t("noMismatches")}</p>
      ) : (
        <TableScroll>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t("order")}</th>
                <th scope="col">{t("kind")}</th>
                <th scope="col">{t("ledger")}</th>
                <th scope="col">{t("provider")}</th>
                <th scope="col">{t("upstream")}</th>
                <th scope="col">{t("action")}</th>
              </tr>
            </thead>
            <tbody>
              {run.rows.map((row) => {
                const mark = marks.get(row.key);
                const says = rowWords(row, t, stateWord, locale);
                return (
                  <tr key={row.key}>
                    <td>{row.orderId ? <Link href={`/${locale}/admin/orders/${row.orderId}`}>{row.orderId}</Link> : t("noOrder")}</td>
                    <td>{t(`kinds.${row.kind}`)}</td>
                    <td>{says.ledger ?? t("noOrder")}</td>
                    <td>{says.provider ?? t("noPayment")}</td>
                    <td>{says.upstream}</td>
                    <td>
                      <p>{t(`actions.${row.action}`)}</p>
                      {mark ? (
                        <p>{t("settledBy", { by: mark.by ?? "", at: format.dateTime(mark.at, { dateStyle: "medium", timeStyle: "short" }) })}</p>
                      ) : canSettle ? (
                        <ReconciliationActionForm action={settleReconciliationRow} label={t("settleLabel", { order: row.orderId ?? row.key })} answers={{ settled: t("settled"), alreadySettled: t("alreadySettled") }}>
                          <input type="hidden" name="runId" value={run.id} />
                          <input type="hidden" name="rowKey" value={row.key} />
                          <button className="button button-secondary" type="submit">
                            {row.action === "wake" ? t("settleWake") : t("settleReview")}
                          </button>
                        </ReconciliationActionForm>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {run.rowsLeftOut > 0 && <p>{t("rowsLeftOut", { count: run.rowsLeftOut })}</p>}
        </TableScroll>
      )}
    </>
  );
});
