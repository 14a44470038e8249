// Reconciliation as this shop runs it: the checkout's KV, order store and advance, the
// storefront's Partner API client, the payment module's stripe client and the shop's alerts.
import { raiseAlert } from "./alerts";
import { recordAudit } from "@/lib/audit";
import { advance } from "@/lib/checkout/advance";
import { orderIdFactory } from "@/lib/checkout/order-id";
import { orderDeps } from "./checkout";
import { listOrderIdsCreatedBetween } from "@/lib/checkout/store/order-index";
import { recordSurprise } from "@/lib/checkout/upstream-surprises";
import { storefrontClient } from "./catalog-deps";
import { env } from "@/lib/config/env";
import { getStripe } from "./stripe";
import { systemClock } from "@/lib/time/clock";
import type { ReconcileDeps } from "@/lib/reconciliation/run";
import type { SettleDeps } from "@/lib/reconciliation/settle";

const newRunId = orderIdFactory(systemClock);

export async function shopReconcileDeps(): Promise<ReconcileDeps> {
  const orders = await orderDeps();
  return {
    kv: orders.kv,
    orders: orders.store,
    listOrderIds: (from, to, opts) => listOrderIdsCreatedBetween(orders.kv, from, to, opts),
    upstream: await storefrontClient(),
    stripe: await getStripe(),
    clock: systemClock,
    batchSize: env().RECONCILE_BATCH_SIZE,
    raiseAlert,
    newRunId,
    recordSurprise: (orderId, fact) => recordSurprise(orders, orderId, "reconciliation", fact),
  };
}

export async function shopSettleDeps(ip: string | null): Promise<SettleDeps> {
  const orders = await orderDeps();
  return {
    kv: orders.kv,
    clock: systemClock,
    wake: (orderId) => advance(orderId, orders, { kind: "wake", reason: { kind: "any" } }),
    audit: async (entry) => void (await recordAudit({ ...entry, ip }, { kv: orders.kv, clock: systemClock })),
  };
}
