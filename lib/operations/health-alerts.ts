// Upstream or payments failing: an alert above an error rate over the last hour, cleared once
// the rate is back under it. A handful of calls is no evidence either way, so below a minimum
// the alert is left as it is. Run by the cron sweep and the dashboard.
import type { AlertsPort } from "./alerts-port";
import type { HealthReport } from "./health";

/** Share of failed calls over the last hour above which the owner is told. */
export const FAILING_ERROR_RATE = 0.2;
/** Fewer calls than this in the hour decide nothing. */
export const MIN_CALLS = 10;

export const FAILING_CAUSE = { upstream: "upstream-failing", payments: "payments-failing" } as const;

export async function reviewHealth(alerts: AlertsPort, report: HealthReport): Promise<"failing" | "healthy" | "undecided"> {
  if (report.calls < MIN_CALLS || report.errorRate === null) return "undecided";
  const cause = FAILING_CAUSE[report.system];
  if (report.errorRate > FAILING_ERROR_RATE) {
    const name = report.system === "upstream" ? "Upstream (Partner API)" : "Payments";
    const last = report.lastError ? ` Last error: ${report.lastError.message}` : "";
    await alerts.raise({
      cause,
      title: `${name} failing`,
      detail: `${report.errors} of ${report.calls} calls in the last hour failed.${last}`,
      link: "/admin",
      words: { kind: report.system === "upstream" ? "upstreamFailing" : "paymentsFailing", values: { errors: report.errors, calls: report.calls, lastError: report.lastError?.message ?? "" } },
    });
    return "failing";
  }
  await alerts.clear(cause);
  return "healthy";
}
