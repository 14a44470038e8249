// The order's state machine, written down once. Every move an order makes is checked against
// MOVES before it is stored, so a bug elsewhere cannot, say, mark an order completed that was
// never delivered. The README draws the same table as a diagram.
import { z } from "zod";

export const ORDER_STATES = [
  /** Stored with its ext_order_id; nothing external has happened that we know of. */
  "created",
  /** Reservation flow: upstream holds the voucher (status 6); no payment yet. */
  "reserved",
  /** A Checkout Session is open for the buyer. */
  "awaiting_payment",
  /** The PaymentIntent is `requires_capture`: the money is held, not taken. */
  "authorized",
  /** Pay-first flow: upstream accepted the order and is still working (status 1, 4 or 5). */
  "fulfilling",
  /** Upstream delivered (status 2): the code is stored; the capture is still to be made. */
  "delivered",
  /** Delivered and captured. Final unless upstream refunds later. */
  "completed",
  /** Undoing: release the reservation upstream and cancel the authorization, whichever exist. */
  "releasing",
  /** Final: nothing delivered, nothing charged. */
  "failed",
  /** Upstream refunded a delivered order (2 → 3): the buyer's money is being returned. */
  "refunding",
  /** Final: delivered, captured, then refunded in full. */
  "refunded",
] as const;

export const orderStateSchema = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof orderStateSchema>;

/** Every allowed move. A state missing from the left side is final. */
export const MOVES: Readonly<Record<OrderState, readonly OrderState[]>> = {
  // Reservation flow reserves first; the pay-first flow opens the payment first. A refusal
  // upstream before anything is held fails the order outright; a price change releases it.
  created: ["reserved", "awaiting_payment", "releasing", "failed"],
  reserved: ["awaiting_payment", "releasing"],
  // Declined, abandoned and expired payments end here too: releasing cancels what is held.
  awaiting_payment: ["authorized", "releasing"],
  authorized: ["fulfilling", "delivered", "releasing"],
  // Never released while upstream may still succeed: only its final 3 moves it to releasing.
  fulfilling: ["delivered", "releasing"],
  // Delivered means upstream debited the partner: the buyer pays. A refund upstream before the
  // capture lands is found after it (completed → refunding). Only when the authorization is gone
  // (lapsed, cancelled by the bank) and upstream then took the delivery back is it released.
  delivered: ["completed", "releasing"],
  completed: ["refunding"],
  // Releasing looks upstream first: an order that was delivered after all, while the buyer's
  // money is still held, is delivered rather than released (checked at run time, release.ts).
  releasing: ["failed", "delivered"],
  refunding: ["refunded"],
  failed: [],
  refunded: [],
};

export const FINAL_STATES: ReadonlySet<OrderState> = new Set(
  ORDER_STATES.filter((state) => MOVES[state].length === 0 || state === "completed"),
);

export function canMove(from: OrderState, to: OrderState): boolean {
  return MOVES[from].includes(to);
}

/** Final for the sweep: nothing left to do unless upstream reports a refund later. */
export function isSettled(state: OrderState): boolean {
  return FINAL_STATES.has(state);
}
