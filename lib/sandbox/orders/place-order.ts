// The last step of /api/pay once the request passed every check: create the order, debit it
// in the same commit (decisions.md 17), and answer at once or after the synchronous wait.
import type { FixturePartner } from "../fixture/schema";
import { errorResult, ok, type ApiResult } from "../http/error-result";
import type { OrderRecord } from "../store/records";
import { secondsToMs, type EngineContext } from "./engine-context";
import { orderBody } from "./order-body";
import { isFinal, startProcessing } from "./transitions";

/** The order's identity and plan: everything /api/pay decides before the order exists. */
export type OrderDraft = Pick<
  OrderRecord,
  | "partnerId" | "extOrderId" | "test" | "reservation" | "activation" | "kind" | "gameId" | "gameName"
  | "gameCurrency" | "voucherId" | "voucherName" | "gameCoins" | "deliveryMethod" | "account" | "amountMinor"
  | "amountCurrency" | "chargedMinor" | "chargedCurrency" | "discountRate" | "codeParts" | "codeValidDays"
  | "plan" | "deliveryMaxMs"
>;

export async function placeOrder(ctx: EngineContext, partner: FixturePartner, draft: OrderDraft): Promise<ApiResult> {
  const { store, clock, orders, fixture } = ctx;
  const order = initialOrder(draft, await store.nextOrderId(), clock.now(), secondsToMs(fixture.reservation_ttl_seconds));
  const result = await orders.commit({ order, expectedVersion: null, balanceDeltaMinor: -order.debitedMinor, changes: [order] });
  if (!result.ok) {
    switch (result.reason) {
      case "duplicate_ext":
        return (await answerExisting(ctx, result.existingOrderId)) ?? errorResult(500, "internal error");
      case "insufficient_balance":
        return errorResult(402, "insufficient partner balance");
      case "version_conflict":
        throw new Error(`order id ${order.id} was issued twice`);
    }
  }
  // Reservations answer 6 at once; with notifications the final result goes to the partner URL.
  if (order.reservation || partner.notify_url) return ok(orderBody(result.order));
  const waitUntil = clock.now() + secondsToMs(fixture.sync_wait_seconds);
  const settled = await orders.waitUntil(order.id, waitUntil, isFinal);
  return ok(orderBody(settled ?? result.order));
}

/** decisions.md 11: the existing order's current state, in the body of a first call. */
export async function answerExisting(ctx: EngineContext, orderId: string): Promise<ApiResult | null> {
  const order = await ctx.orders.load(orderId);
  return order ? ok(orderBody(order)) : null;
}

function initialOrder(draft: OrderDraft, id: string, now: number, reservationTtlMs: number): OrderRecord {
  // Object.assign rather than `{ ...draft, id, … }`: V8 (Node 20) builds a spread followed by
  // this many literal fields in time that grows with their square, ~0.1 ms per order here.
  const fresh: Omit<OrderRecord, keyof OrderDraft> = {
    id,
    version: 0,
    createdAt: now,
    status: 1,
    errorText: null,
    statusChangedAt: now,
    activationVoucher: null,
    voucherCode: null,
    voucherCode2: null,
    codeExpiresAt: null,
    debitedMinor: 0,
    activationAttempts: 0,
    processingAt: null,
    reservationExpiresAt: null,
    supplierDoneAt: null,
    activationDoneAt: null,
    refundAt: null,
  };
  const base: OrderRecord = Object.assign({}, draft, fresh);
  // A reservation neither checks nor debits the balance until it is confirmed (decisions.md 12).
  if (draft.reservation) return { ...base, status: 6, activationVoucher: "wait", reservationExpiresAt: now + reservationTtlMs };
  return { ...startProcessing(base, now), debitedMinor: draft.test ? 0 : draft.chargedMinor };
}
