// POST /api/order_update – the partner's word on a reservation (6 → 2 or 3) and the one
// re-activation move (2 → 2); anything else is 101 (docs/partner-api-decisions.md items 12, 12a, 13).
import type { OrderUpdateRequest } from "@/lib/partner/schemas";
import type { FixturePartner } from "../fixture/schema";
import { errorResult, ok, type ApiResult } from "../http/error-result";
import type { OrderRecord } from "../store/records";
import { secondsToMs, type EngineContext } from "./engine-context";
import { orderUpdateBody } from "./order-body";
import { orderNotFound } from "./order-info";
import { canRetryActivation, ERROR_TEXT, fail, isFinal, retryActivation, startProcessing } from "./transitions";

type Move = { order: OrderRecord; balanceDeltaMinor: number } | { error: ApiResult };

const MAX_ROUNDS = 8;

export async function orderUpdate(ctx: EngineContext, partner: FixturePartner, request: OrderUpdateRequest): Promise<ApiResult> {
  const { orders, clock, fixture } = ctx;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const order = await orders.loadOwned(partner, request.order_id);
    if (!order) return orderNotFound(request.order_id);
    const move = decideMove(order, request.status, clock.now());
    if ("error" in move) return move.error;

    const result = await orders.commit({ ...move, expectedVersion: order.version, changes: [move.order] });
    if (!result.ok) {
      if (result.reason === "version_conflict") continue; // a timer moved it first: judge again
      if (result.reason === "insufficient_balance") return errorResult(402, "insufficient partner balance");
      throw new Error(`order ${order.id}: unexpected ${result.reason}`);
    }
    if (request.status === 3) return ok(orderUpdateBody(result.order));
    const until = clock.now() + secondsToMs(fixture.sync_wait_seconds);
    const settled = await orders.waitUntil(order.id, until, (o) => isFinal(o) && o.activationDoneAt === null);
    return ok(orderUpdateBody(settled ?? result.order));
  }
  throw new Error(`order ${request.order_id}: too many concurrent updates`);
}

function decideMove(order: OrderRecord, status: 2 | 3, now: number): Move {
  if (status === 3) {
    if (order.status === 6) return fail(order, ERROR_TEXT.reservationReleased, now);
  } else if (order.status === 6) {
    // Confirmation: the balance is checked and debited now, atomically with the move (402 keeps 6).
    const debit = order.test ? 0 : order.chargedMinor;
    return { order: { ...startProcessing(order, now), debitedMinor: debit }, balanceDeltaMinor: -debit };
  } else if (canRetryActivation(order)) {
    return { order: retryActivation(order, now), balanceDeltaMinor: 0 };
  }
  return { error: errorResult(101, "order status cannot be changed again") };
}
