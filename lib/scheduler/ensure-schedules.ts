// The periodic jobs as QStash schedules, kept idempotently: each has a fixed schedule id, so a
// create replaces the schedule of that id instead of adding another. The cron routes check the
// cron secret (lib/http/cron-secret.ts); QStash forwards it as the Authorization header.
import type { Client } from "@upstash/qstash";

export const SCHEDULES = [
  /** The net under the per-deadline messages: whatever a lost message left, within 10 minutes. */
  { scheduleId: "voucher-storefront-sweep", path: "/api/cron/sweep", cron: "*/10 * * * *" },
  /** Yesterday's three-way reconciliation, as vercel.json's daily cron. */
  { scheduleId: "voucher-storefront-reconcile", path: "/api/cron/reconcile", cron: "30 4 * * *" },
] as const;

export async function ensureSchedules(client: Pick<Client, "schedules">, { origin, cronSecret }: { origin: string; cronSecret: string }): Promise<void> {
  for (const schedule of SCHEDULES) {
    await client.schedules.create({
      scheduleId: schedule.scheduleId,
      destination: `${origin}${schedule.path}`,
      cron: schedule.cron,
      method: "GET",
      headers: { "Upstash-Forward-Authorization": `Bearer ${cronSecret}` },
    });
  }
}
