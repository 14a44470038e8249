// The dashboard's operations sections: the partner balance and what is available of it, sales
// over 7 or 30 days (chart and table), upstream and payments health over the last hour, and the
// owner's controls. Reading it also reviews the alerts (raise or clear), as the sweep does.
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import styles from "@/app/_components/admin/admin.module.css";
import { formatMoney, toDecimalString, type Money } from "@/lib/money";
import { readDailySales, salesTotals, type DaySales } from "@/lib/operations/daily-sales";
import type { HealthReport } from "@/lib/operations/health";
import { LATENCY_BOUNDS_MS } from "@/lib/operations/health";
import { readPause } from "@/lib/operations/owner-settings";
import { reviewOperations } from "@/lib/operations/review-operations";
import { shopOperationsDeps } from "@/lib/shop/operations";
import { shopPricingRules } from "@/lib/shop/pricing";
import { PauseForm, ThresholdForm } from "./operations-forms";
import { SalesChartLoader } from "./sales-chart-loader";
import { TableScroll } from "@/app/_components/admin/table-scroll";

export async function OperationsDashboard({ range, canEdit, locale }: { range: 7 | 30; canEdit: boolean; locale: string }) {
  const t = await getTranslations("admin.operations");
  const format = await getFormatter();
  const deps = await shopOperationsDeps();
  const [review, pause, rules] = await Promise.all([reviewOperations(deps, "leave"), readPause(deps.kv), shopPricingRules()]);
  const storeCurrency = rules.source.storeCurrency;
  const days = await readDailySales(deps.kv, storeCurrency, deps.clock.now(), range);
  const money = (minor: number, currency: string) => formatMoney({ minor, currency }, locale);
  const { balance } = review;
  const figures = balance.figures;

  return (
    <>
      <section aria-labelledby="ops-balance">
        <h2 id="ops-balance">{t("balanceHeading")}</h2>
        {figures === null ? (
          <p className="notice">{t("unknown")}</p>
        ) : (
          <dl className={styles.facts}>
            <dt>{t("balance")}</dt>
            <dd>
              {formatMoney(figures.balance, locale)}
              {figures.stale ? ` (${t("stale")})` : ""}
            </dd>
            <dt>
              <abbr title={t("availableHelp")}>{t("available")}</abbr>
            </dt>
            <dd data-testid="ops-available">{money(balance.availableMinor ?? 0, figures.balance.currency)}</dd>
            <dt>{t("readAt")}</dt>
            <dd>{format.dateTime(new Date(figures.readAt), { dateStyle: "medium", timeStyle: "medium" })}</dd>
            <dt>{t("threshold")}</dt>
            <dd>{balance.threshold ? formatMoney(balance.threshold, locale) : t("thresholdNone")}</dd>
          </dl>
        )}
      </section>

      <section aria-labelledby="ops-sales">
        <h2 id="ops-sales">{t("salesHeading")}</h2>
        <p>
          {([7, 30] as const).map((n) => (
            <Link key={n} href={`/admin?range=${n}`} aria-current={n === range ? "page" : undefined} className={n === range ? "button" : "button button-secondary"}>
              {t("range", { days: n })}
            </Link>
          ))}
        </p>
        <SalesChartLoader
          days={days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000)}
          sales={days.map((d) => major(d.salesMinor, storeCurrency))}
          refunds={days.map((d) => major(d.refundedMinor, storeCurrency))}
          cost={days.map((d) => major(d.costMinor, storeCurrency))}
          margin={days.map((d) => major(d.marginMinor, storeCurrency))}
          dayLabels={days.map((d) => format.dateTime(new Date(`${d.day}T00:00:00Z`), { month: "short", day: "numeric", timeZone: "UTC" }))}
          labels={{ day: t("day"), sales: t("sales"), refunds: t("refunds"), cost: t("cost"), margin: t("margin") }}
          label={t("chartLabel")}
        />
        <SalesTable days={days} currency={storeCurrency} caption={t("tableCaption", { days: range, currency: storeCurrency })} money={money} t={t} />
      </section>

      <section aria-labelledby="ops-health">
        <h2 id="ops-health">{t("healthHeading")}</h2>
        <TableScroll>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t("system")}</th>
                <th scope="col">{t("calls")}</th>
                <th scope="col">{t("errorRate")}</th>
                <th scope="col">{t("p95")}</th>
                <th scope="col">{t("lastError")}</th>
              </tr>
            </thead>
            <tbody>
              {review.health.map((report) => (
                <tr key={report.system}>
                  <th scope="row">{t(report.system)}</th>
                  <td>{report.calls}</td>
                  <td>{report.errorRate === null ? t("none") : format.number(report.errorRate, { style: "percent", maximumFractionDigits: 1 })}</td>
                  <td>{p95Words(report, t)}</td>
                  <td>{report.lastError ? `${format.dateTime(new Date(report.lastError.at), { dateStyle: "short", timeStyle: "medium" })}: ${report.lastError.message}` : t("none")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>

      {canEdit && (
        <section aria-labelledby="ops-controls">
          <h2 id="ops-controls">{t("controlsHeading")}</h2>
          {figures !== null && <ThresholdForm currency={figures.balance.currency} current={balance.threshold ? toDecimalString(balance.threshold) : ""} />}
          <p>
            <span className={`${styles.badge} ${styles[pause.paused ? "badge-returned" : "badge-good"]}`} data-testid="sales-badge">
              {pause.paused ? t("salesPaused") : t("salesOpen")}
            </span>
          </p>
          <PauseForm paused={pause.paused} />
        </section>
      )}
    </>
  );
}

type T = Awaited<ReturnType<typeof getTranslations<"admin.operations">>>;

function SalesTable({ days, caption, money, currency, t }: { days: DaySales[]; caption: string; money: (minor: number, currency: string) => string; currency: string; t: T }) {
  const total = salesTotals(days);
  return (
    <TableScroll>
      <table className={`${styles.table} ${styles.cards}`}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("day")}</th>
            <th scope="col">{t("orders")}</th>
            <th scope="col">{t("sales")}</th>
            <th scope="col">{t("refunds")}</th>
            <th scope="col">{t("cost")}</th>
            <th scope="col">{t("margin")}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row" data-label={t("day")}>
                {d.day}
              </th>
              <td data-label={t("orders")}>{d.orders}</td>
              <td className={styles.amount} data-label={t("sales")}>
                {money(d.salesMinor, currency)}
              </td>
              <td className={styles.amount} data-label={t("refunds")}>
                {money(-d.refundedMinor, currency)}
              </td>
              <td className={styles.amount} data-label={t("cost")}>
                {money(d.costMinor, currency)}
              </td>
              <td className={styles.amount} data-label={t("margin")}>
                {money(d.marginMinor, currency)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t("total")}</th>
            <td data-label={t("orders")} data-testid="sales-total-orders">{total.orders}</td>
            <td className={styles.amount} data-label={t("sales")} data-testid="sales-total-sales">{money(total.salesMinor, currency)}</td>
            <td className={styles.amount} data-label={t("refunds")} data-testid="sales-total-refunds">{money(-total.refundedMinor, currency)}</td>
            <td className={styles.amount} data-label={t("cost")} data-testid="sales-total-cost">{money(total.costMinor, currency)}</td>
            <td className={styles.amount} data-label={t("margin")} data-testid="sales-total-margin">{money(total.marginMinor, currency)}</td>
          </tr>
        </tfoot>
      </table>
      <p className={styles.help}>{t("netNote")}</p>
      {total.uncosted > 0 && <p>{t("uncosted", { count: total.uncosted })}</p>}
    </TableScroll>
  );
}

function p95Words(report: HealthReport, t: T): string {
  if (report.p95Ms === null) return t("none");
  if (report.p95Ms === "slower") return t("p95Slower", { ms: LATENCY_BOUNDS_MS.at(-1) ?? 0 });
  return t("p95Under", { ms: report.p95Ms });
}

/** For the chart only: a float is fine for drawing, never for money arithmetic. */
function major(minor: number, currency: string): number {
  return Number(toDecimalString({ minor, currency } satisfies Money));
}
