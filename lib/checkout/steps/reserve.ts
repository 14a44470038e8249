// created, reservation flow: POST /api/pay with request=1 and our order id as ext_order_id.
// Repeating it is safe (the service answers a repeat with the existing order), so an answer we
// could not read is simply asked for again.
import { ORDER_STATUS } from "@/lib/partner/schemas";
import type { OrderRecord } from "../order-record";
import type { CheckoutDeps } from "../checkout-deps";
import { chargeExceedsQuote } from "../charge-check";
import { extOrderId } from "../ext-order-id";
import { isCleanRefusal, upstreamPatch } from "../upstream-facts";
import { frozenPayment, tooLateForPage } from "./open-payment";
import { cannotAct, moveTo, retryLater, type StepHandler } from "./step";

export const reserve: StepHandler = async (order, deps) => {
  if (order.item.kind !== "voucher") return cannotAct(order, deps, { kind: "cannotActNotVoucher" });
  const now = deps.clock.now();
  if (now >= order.createdAt + deps.policy.reservationMs) {
    // Whatever we may have reserved and never heard of ends upstream by itself, undebited.
    return moveTo(deps, "failed", { kind: "noReservationInTime" }, { reason: "unavailable" });
  }
  const answer = await deps.upstream.pay(reservationRequest(order, order.item));
  if (!answer.ok) {
    const { error } = answer;
    if (isCleanRefusal(error) && !order.upstream.payMayExist) {
      return moveTo(deps, "failed", { kind: "reservationRefused", values: { code: error.code } }, { reason: "unavailable" });
    }
    const patch = error.mayHaveTakenEffect ? { upstream: { ...order.upstream, payMayExist: true } } : {};
    return retryLater(order, deps, { kind: "reservationNotAnswered", values: { code: error.code } }, patch);
  }
  const patch = upstreamPatch(order, answer.value, deps.vault);
  const status = answer.value.order_status;
  if (status === ORDER_STATUS.error) return moveTo(deps, "failed", { kind: "reservationFailed" }, { ...patch, reason: "unavailable" });
  if (status !== ORDER_STATUS.awaitingConfirmation) {
    // The service did not hold the voucher as asked. Go on as if reserved: the code (if any) is
    // sealed and withheld until the buyer's payment is authorized; the owner should know.
    deps.alertOwner(order.id, { kind: "reservedOddStatus", values: { status } });
  }
  // Counted from the order's creation, not from this answer: the reservation may have been made
  // by an earlier call whose answer was lost, and the page must close before upstream drops it.
  const reserved = { ...patch, upstream: { ...patch.upstream, reservationEndsAt: order.createdAt + deps.policy.reservationMs } };
  if (await priceChanged(order, reserved.upstream.amountCharged, deps)) {
    return moveTo(deps, "releasing", { kind: "costAboveQuote" }, { ...reserved, reason: "price_changed" });
  }
  // The payment page's request is frozen in the same write, as its step would freeze it first.
  const payment = frozenPayment({ ...order, upstream: reserved.upstream }, deps);
  if (payment === null) return tooLateForPage(order, deps, reserved);
  return moveTo(deps, "reserved", { kind: "reserved", values: { status } }, { ...reserved, payment });
};

/** /api/pay with request=1 for the order's voucher, under its current ext_order_id. */
export function reservationRequest(order: OrderRecord, item: Extract<OrderRecord["item"], { kind: "voucher" }>) {
  return {
    voucher_id: item.voucherId,
    ...(order.account === null ? {} : { account: order.account }),
    ...(order.activation ? { activation: 1 as const } : {}),
    request: 1 as const,
    ext_order_id: extOrderId(order),
  };
}

/** Upstream charges more than the quote allows, or in a currency we have no rate for (so cannot tell). */
export async function priceChanged(order: OrderRecord, charged: OrderRecord["upstream"]["amountCharged"], deps: CheckoutDeps): Promise<boolean> {
  if (charged === null) return false;
  // One currency needs no rates: the common case costs no read of the pricing rules.
  const rates = charged.currency === order.quote.cost.currency ? { storeCurrency: charged.currency, exchangeRates: {} } : await deps.conversionRates();
  const exceeds = chargeExceedsQuote(order.quote.cost, charged, rates, deps.policy.priceTolerancePercent);
  if (!exceeds.ok) {
    deps.alertOwner(order.id, { kind: "noExchangeRate", values: { currency: exceeds.error.currency } });
  }
  return !exceeds.ok || exceeds.value;
}

