// The period a reconciliation covers: whole UTC days, as upstream's /api/revise counts them
// (docs/partner-api-decisions.md item 19: date_from 00:00:00 to date_to 23:59:59 UTC), at most 31 of them.
import { err, ok, type Result } from "@/lib/result";

export const DAY_MS = 86_400_000;
/** /api/revise takes at most 31 calendar days (item 20). */
export const MAX_PERIOD_DAYS = 31;

export interface Period {
  /** First day, YYYY-MM-DD (UTC). */
  from: string;
  /** Last day, YYYY-MM-DD (UTC), included. */
  to: string;
}

export type PeriodError = {
  code: "invalid_period";
  field: "from" | "to";
  /** Which rule, for a reader's own words: a day that does not exist, to before from, or over 31 days. */
  reason: "not_a_day" | "to_before_from" | "too_long";
  message: string;
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a real YYYY-MM-DD day, or null. */
export function dayStart(day: string): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(at).toISOString().slice(0, 10) === day ? at : null;
}

export function dayOf(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

export function parsePeriod(from: string, to: string): Result<Period, PeriodError> {
  const start = dayStart(from);
  if (start === null) return err({ code: "invalid_period", field: "from", reason: "not_a_day", message: "from must be a real day as YYYY-MM-DD" });
  const end = dayStart(to);
  if (end === null) return err({ code: "invalid_period", field: "to", reason: "not_a_day", message: "to must be a real day as YYYY-MM-DD" });
  if (end < start) return err({ code: "invalid_period", field: "to", reason: "to_before_from", message: "to must not be before from" });
  if ((end - start) / DAY_MS >= MAX_PERIOD_DAYS) {
    return err({ code: "invalid_period", field: "to", reason: "too_long", message: `a period spans at most ${MAX_PERIOD_DAYS} days` });
  }
  return ok({ from, to });
}

/** The period's first and last millisecond. */
export function periodRange(period: Period): { start: number; end: number } {
  return { start: dayStart(period.from) ?? 0, end: (dayStart(period.to) ?? 0) + DAY_MS - 1 };
}

/** Yesterday (UTC) as a one-day period: what the daily cron reconciles. */
export function yesterday(now: number): Period {
  const day = dayOf(now - DAY_MS);
  return { from: day, to: day };
}

/**
 * The dates sent to /api/revise. Upstream dates an order by its own clock, a moment after ours
 * (the pay-first flow pays before ordering), so an order of 23:59 may be upstream's next day:
 * the period is widened by a day where the 31-day bound allows.
 */
export function reviseDates(period: Period): { date_from: string; date_to: string } {
  const start = dayStart(period.from) ?? 0;
  const end = dayStart(period.to) ?? 0;
  const widened = (end - start) / DAY_MS + 1 < MAX_PERIOD_DAYS ? end + DAY_MS : end;
  return { date_from: period.from, date_to: dayOf(widened) };
}
