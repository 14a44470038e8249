// POST /api/scheduler/deadline as this shop serves it: the delivery verified with the shop's
// signing keys, the deadline acted on with the shop's orders and mailer, and a sweep that ran
// out of time continued by a follow-up message to itself rather than by the next cron.
import { actOnDeadline } from "@/lib/scheduler/act-on-deadline";
import { qstashAlarm } from "@/lib/scheduler/qstash-alarm";
import { receiveDeadline } from "@/lib/scheduler/receive-deadline";
import { getSweepReport } from "@/lib/checkout/http/get-sweep";
import { orderDepsWithin } from "./checkout";
import { shopMailer, SHOP_NAME } from "./mailer";
import { deadlineReceiver, deadlineUrl, qstashClient } from "./scheduler";
import { SWEEP_BUDGET_MS, SWEEP_MAX_DURATION_S } from "./time-limits";

export async function deadlineRoute(request: Request): Promise<Response> {
  // The runs of this delivery stop in time for this function's limit (lib/checkout/run-deadline.ts).
  const orderDeps = () => orderDepsWithin(SWEEP_MAX_DURATION_S);
  return receiveDeadline(request, {
    receiver: await deadlineReceiver(),
    url: deadlineUrl(),
    act: (message) =>
      actOnDeadline(message, {
        orders: orderDeps,
        // No alarm: a failed send answers 503 and QStash's retry of this very message sends it.
        email: async () => ({ ...(await orderDeps()), alarm: undefined, mailer: shopMailer(), shopName: SHOP_NAME }),
        sweep: async () => {
          const report = await getSweepReport({ orders: orderDeps, budgetMs: SWEEP_BUDGET_MS, mail: { mailer: shopMailer(), shopName: SHOP_NAME } });
          if (report.left > 0) await continueSweep();
          return { done: true, detail: `swept ${report.advanced}, left ${report.left}` };
        },
      }),
  });
}

/** A sweep that left due orders asks for another run at once (one message per second at most). */
export async function continueSweep(): Promise<void> {
  const client = await qstashClient();
  if (!client) return;
  await qstashAlarm({ client, deliveryUrl: deadlineUrl() }).publish({ kind: "sweep", at: Math.floor(Date.now() / 1000) * 1000 });
}
