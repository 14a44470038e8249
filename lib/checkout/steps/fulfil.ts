// authorized and fulfilling: get the voucher delivered now that the buyer's money is held.
// Reservation: confirm with /api/order_update status 2. Pay first: /api/pay with our
// ext_order_id (safe to repeat), then follow the order until it is final. Nothing is released
// while upstream may still succeed.
import { toDecimalString } from "@/lib/money";
import type { PartnerError } from "@/lib/partner/client";
import { ORDER_STATUS } from "@/lib/partner/schemas";
import type { OrderRecord } from "../order-record";
import type { CheckoutDeps } from "../checkout-deps";
import { extOrderId } from "../ext-order-id";
import { isCleanRefusal, isDelivered, isInProgress, upstreamPatch, type UpstreamAnswer } from "../upstream-facts";
import { orderAlert } from "../order-alerts";
import { notedSurprise } from "../upstream-surprises";
import { announcePay } from "./pay-intent";
import { cannotAct, moveTo, retryLater, type Step, type StepHandler } from "./step";

export const fulfil: StepHandler = async (order, deps) => {
  const status = order.upstream.status;
  if (order.flow === "reservation" && status === ORDER_STATUS.awaitingConfirmation) return confirm(order, deps);
  if (order.upstream.orderId === null) return payNow(order, deps);
  if (status !== null && !isInProgress(status)) return follow(order, deps, status);
  return poll(order, deps);
};

/** fulfilling: follow an accepted order until upstream says 2, 4 or 3. */
export const poll: StepHandler = async (order, deps) => {
  const orderId = order.upstream.orderId;
  if (orderId === null) return payNow(order, deps);
  const info = await deps.upstream.orderInfo(orderId);
  if (!info.ok) return retryLater(order, deps, { kind: "orderInfoNotRead", values: { code: info.error.code } });
  return outcome(order, deps, info.value, "order info");
};

async function confirm(order: OrderRecord, deps: CheckoutDeps): Promise<Step> {
  const orderId = order.upstream.orderId;
  if (orderId === null) return cannotAct(order, deps, { kind: "cannotActReservedNoOrder" });
  const answer = await deps.upstream.orderUpdate({ order_id: orderId, status: ORDER_STATUS.success });
  if (answer.ok) return outcome(order, deps, answer.value, "confirmation");
  const { error } = answer;
  if (error.code === 402) {
    // The partner balance is too low; the reservation stays in 6. Keep the authorization, tell
    // the owner, and try again until the reservation is about to end.
    deps.alertOwner(order.id, { kind: "balanceLowToConfirm" });
    const releaseAt = (order.upstream.reservationEndsAt ?? deps.clock.now()) - deps.policy.safetyMarginMs;
    if (deps.clock.now() >= releaseAt) {
      return moveTo(deps, "releasing", { kind: "balanceLowUntilEnd" }, { reason: "reservation_expired" });
    }
    return retryLater(order, deps, { kind: "confirmationBalanceLow" }, orderAlert({ kind: "balanceLow" }), releaseAt);
  }
  if (error.code === 101 || error.mayHaveTakenEffect) {
    // 101: already final — maybe by our own earlier confirmation whose answer we lost. Look.
    return poll(order, deps);
  }
  if (isCleanRefusal(error)) {
    return moveTo(deps, "releasing", { kind: "confirmationRefused", values: { code: error.code } }, { reason: "confirmation_refused" });
  }
  return retryLater(order, deps, { kind: "confirmationNotAnswered", values: { code: error.code } });
}

async function payNow(order: OrderRecord, deps: CheckoutDeps): Promise<Step> {
  return announcePay(order, deps, "/api/pay", async (announced, othersUntil) => {
    const answer = await deps.upstream.pay(payRequest(announced));
    if (answer.ok) return outcome(announced, deps, answer.value, "order");
    return payFailed(announced, deps, answer.error, othersUntil);
  });
}

/**
 * /api/pay gave no answer about our ext_order_id. A refusal is final only while no earlier call
 * may have made the order: after one did, a refusal can come from something in between, and
 * only an answer about the order itself (duplicate protection answers a repeat with it) tells.
 * Until then the buyer's authorization is kept — repeating the call is how we look — and the
 * owner is told after a day. When the hold is about to lapse, the money is released (never
 * taken for a delivery nobody confirmed) and the owner is told to check ext_order_id upstream.
 * Nor is a refusal final while another run's pay may still reach upstream (`othersUntil`): the
 * pay is repeated until then, and a repeat after it lands is answered with its order.
 */
function payFailed(order: OrderRecord, deps: CheckoutDeps, error: PartnerError, othersUntil: number | null): Step {
  if (error.code === 402 && !error.mayHaveTakenEffect && othersUntil === null) {
    // Refused for the partner balance. Upstream answers a repeat of an order it made with that
    // order (duplicate protection comes before the balance), so a 402 says ours does not exist:
    // the buyer's money is let go now rather than held for days on a top-up nobody may make.
    // Not while another run's pay may still reach upstream: that one could still be delivered.
    deps.alertOwner(order.id, { kind: "balanceLowToFulfil" });
    return moveTo(deps, "releasing", { kind: "orderBalanceLow" }, { reason: "unavailable", ...orderAlert({ kind: "balanceLow" }) });
  }
  const mayExist = order.upstream.payMayExist || error.mayHaveTakenEffect;
  if (isCleanRefusal(error) && !mayExist) {
    if (othersUntil === null) return moveTo(deps, "releasing", { kind: "orderRefused", values: { code: error.code } }, { reason: "unavailable" });
    return retryLater(order, deps, { kind: "orderRefusedAskAgain", values: { code: error.code } }, {}, othersUntil);
  }
  const patch = mayExist === order.upstream.payMayExist ? {} : { upstream: { ...order.upstream, payMayExist: true } };
  const authorizedAt = order.payment.authorizedAt ?? order.updatedAt;
  const now = deps.clock.now();
  const holdEnds = authorizedAt + deps.policy.authorizationHoldMs;
  if (now >= holdEnds) {
    deps.alertOwner(order.id, { kind: "releasedUnanswered", values: { orderId: order.id, code: error.code } });
    return moveTo(deps, "releasing", { kind: "neverAnswered", values: { code: error.code } }, { ...patch, reason: "unavailable", ...orderAlert({ kind: "releasedUnanswered" }) });
  }
  const tellOwner = now >= authorizedAt + deps.policy.payGiveUpMs && order.alert === null;
  if (tellOwner) {
    deps.alertOwner(order.id, { kind: "unansweredForADay", values: { orderId: order.id, code: error.code } });
  }
  const alert = tellOwner ? orderAlert({ kind: "unanswered" }) : {};
  return retryLater(order, deps, { kind: "orderNotAnswered", values: { code: error.code } }, { ...patch, ...alert }, holdEnds);
}

function follow(order: OrderRecord, deps: CheckoutDeps, status: number): Promise<Step> | Step {
  if (isDelivered(status)) return moveTo(deps, "delivered", { kind: "upstreamDeliveredStatus", values: { status } });
  if (status === ORDER_STATUS.error) return moveTo(deps, "releasing", { kind: "upstreamOrderFailed" }, { reason: "upstream_failed" });
  return poll(order, deps);
}

function outcome(order: OrderRecord, deps: CheckoutDeps, answer: UpstreamAnswer, what: string): Step {
  const fact = { upstreamOrderId: answer.order_id, status: answer.order_status };
  const surprise = notedSurprise(order, deps, what === "order info" ? "re_read" : "pay_answer", fact);
  const patch = { ...upstreamPatch(order, answer, deps.vault), ...surprise };
  const status = answer.order_status;
  if (isDelivered(status)) return moveTo(deps, "delivered", { kind: "upstreamDelivered", values: { call: what, status } }, patch);
  if (status === ORDER_STATUS.error) {
    const reason = order.flow === "reservation" ? "confirmation_refused" : "upstream_failed";
    return moveTo(deps, "releasing", { kind: "upstreamCallFailed", values: { call: what } }, { ...patch, reason });
  }
  if (order.state === "authorized" && isInProgress(status)) return moveTo(deps, "fulfilling", { kind: "upstreamInProgress", values: { call: what, status } }, patch);
  return retryLater(order, deps, { kind: "upstreamCallStatus", values: { call: what, status } }, patch);
}

function payRequest(order: OrderRecord) {
  const { item } = order;
  if (item.kind === "balance") {
    return { game_id: item.gameId, account: order.account ?? "", amount: Number(toDecimalString(item.amount)), ext_order_id: extOrderId(order) };
  }
  return {
    voucher_id: item.voucherId,
    ...(order.account === null ? {} : { account: order.account }),
    ...(order.activation ? { activation: 1 as const } : {}),
    ext_order_id: extOrderId(order),
  };
}
