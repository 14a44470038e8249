// The date formats /api/revise accepts (spec 4.8, docs/partner-api-decisions.md items 5 and 20). Every parse checks
// that the date exists: 30.02.2026 is not quietly read as 2 March.

export const DAY_MS = 86_400_000;

/** `DD.MM.YYYY` or `YYYY-MM-DD` → midnight UTC in ms; null if malformed or not a real date. */
export function parseDay(text: string): number | null {
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (dotted) return utc(dotted[3], dotted[2], dotted[1]);
  const dashed = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (dashed) return utc(dashed[1], dashed[2], dashed[3]);
  return null;
}

const DOTTED_TIME = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const SQL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** `DD.MM.YYYY HH:MM:SS`, `YYYY-MM-DD HH:MM:SS` or ISO 8601, with a real date and time. */
export function isPartnerTransactionTime(text: string): boolean {
  const dotted = DOTTED_TIME.exec(text);
  if (dotted) return utc(dotted[3], dotted[2], dotted[1]) !== null && validClock(dotted[4], dotted[5], dotted[6]);
  const sql = SQL_TIME.exec(text) ?? ISO_TIME.exec(text);
  if (!sql) return false;
  const offset = sql[7];
  if (offset && !validOffset(offset)) return false;
  return utc(sql[1], sql[2], sql[3]) !== null && validClock(sql[4], sql[5], sql[6] ?? "00");
}

function utc(year: string | undefined, month: string | undefined, day: string | undefined): number | null {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  const ms = Date.UTC(y, m - 1, d);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return ms;
}

function validClock(hours: string | undefined, minutes: string | undefined, seconds: string | undefined): boolean {
  return Number(hours) < 24 && Number(minutes) < 60 && Number(seconds) < 60;
}

function validOffset(offset: string): boolean {
  if (offset === "Z") return true;
  const digits = offset.slice(1).replace(":", "");
  return Number(digits.slice(0, 2)) <= 14 && Number(digits.slice(2)) < 60;
}
