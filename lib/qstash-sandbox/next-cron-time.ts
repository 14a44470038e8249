// The next time a schedule fires. The shop's schedules are of the form "*/N * * * *" (every N
// minutes) or "M H * * *" (daily); other forms are refused by the emulation with a clear error
// rather than fired at a wrong time.
const EVERY_N_MINUTES = /^\*(?:\/(\d{1,2}))? \* \* \* \*$/;
const DAILY = /^(\d{1,2}) (\d{1,2}) \* \* \*$/;

export function nextCronTime(cron: string, afterMs: number): number | null {
  const every = EVERY_N_MINUTES.exec(cron);
  const minute = 60_000;
  if (every) {
    const step = Number(every[1] ?? "1") * minute;
    return Math.floor(afterMs / step) * step + step;
  }
  const daily = DAILY.exec(cron);
  if (daily) {
    const day = 24 * 60 * minute;
    const offset = Number(daily[2]) * 60 * minute + Number(daily[1]) * minute;
    const today = Math.floor(afterMs / day) * day + offset;
    return today > afterMs ? today : today + day;
  }
  return null;
}
