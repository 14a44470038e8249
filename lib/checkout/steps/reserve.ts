// created, reservation flow: POST /api/pay with request=1 and our order id as ext_order_id.
// Repeating it is safe (the service answers a repeat with the existing order), so an answer we
// could not read is simply asked for again.
import type { OrderRecord } from "../order-record";
import type { CheckoutDeps } from "../ports";
import { upstreamPatch } from "../upstream-facts";
import { moveTo, retryLater, type StepHandler } from "./step";

/** Service codes that refuse the order for good: nothing was reserved. */
const REFUSALS = new Set<unknown>([400, 403, 404, 102, 103]);

export const reserve: StepHandler = async (order, deps) => {
  if (order.item.kind !== "voucher") throw new Error(`Order ${order.id}: only vouchers are reserved`);
  const now = deps.clock.now();
  if (now >= order.createdAt + deps.policy.reservationMs) {
    // Whatever we may have reserved and never heard of ends upstream by itself, undebited.
    return moveTo(deps, "failed", "no reservation within the reservation's lifetime", { reason: "unavailable" });
  }
  const answer = await deps.upstream.pay({
    voucher_id: order.item.voucherId,
    ...(order.account === null ? {} : { account: order.account }),
    ...(order.activation ? { activation: 1 as const } : {}),
    request: 1,
    ext_order_id: order.id,
  });
  if (!answer.ok) {
    const { error } = answer;
    if (!error.mayHaveTakenEffect && REFUSALS.has(error.code)) {
      return moveTo(deps, "failed", `reservation refused: ${error.code}`, { reason: "unavailable" });
    }
    return retryLater(order, deps, `reservation not answered (${error.code}); asking again with the same ext_order_id`);
  }
  const patch = upstreamPatch(order, answer.value, deps.vault);
  const status = answer.value.order_status;
  if (status === 3) return moveTo(deps, "failed", "reservation failed upstream", { ...patch, reason: "unavailable" });
  if (status !== 6) {
    // The service did not hold the voucher as asked. Go on as if reserved: the code (if any) is
    // sealed and withheld until the buyer's payment is authorized; the owner should know.
    deps.alertOwner(order.id, `upstream answered status ${status} to a reservation`);
  }
  const reserved = { ...patch, upstream: { ...patch.upstream, reservationEndsAt: now + deps.policy.reservationMs } };
  if (priceChanged(order, reserved.upstream.amountCharged, deps)) {
    return moveTo(deps, "releasing", "upstream charges more than the quoted cost", { ...reserved, reason: "price_changed" });
  }
  return moveTo(deps, "reserved", `reserved upstream (status ${status})`, reserved);
};

function priceChanged(order: OrderRecord, charged: OrderRecord["upstream"]["amountCharged"], deps: CheckoutDeps): boolean {
  if (charged === null) return false;
  const { cost } = order.quote;
  if (charged.currency !== cost.currency) return true;
  // charged ≤ cost × (1 + tolerance), in integers: scale the percent to basis points.
  const toleranceBp = BigInt(Math.round(deps.policy.priceTolerancePercent * 100));
  return BigInt(charged.minor) * 10_000n > BigInt(cost.minor) * (10_000n + toleranceBp);
}

