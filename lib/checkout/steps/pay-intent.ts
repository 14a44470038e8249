// A /api/pay is written on the order before it is sent, so that every other run of the order
// sees that a pay may be on its way even when the run sending it never records its answer (its
// lease lapsed, it was frozen or killed, its save lost to another writer). A refusal upstream
// answers about the moment it was made: while another of our pays may still reach upstream, it
// is not final, and the order is not released on it. Once that window is over, a repeat of the
// pay is the look-up: upstream answers a repeated ext_order_id with the order it made, so a
// clean refusal then means that no earlier pay of ours made one.
import { randomBytes } from "node:crypto";
import type { OrderRecord } from "../order-record";
import type { CheckoutDeps } from "../checkout-deps";
import type { Step } from "./step";

/**
 * How long after it is sent a /api/pay may still reach upstream. Our client gives up on a pay at
 * its deadline (150 s by default, and never longer than the host lets a function run), but a
 * request already on the wire may be held in between (a proxy, a retransmission) and land after
 * that; an hour covers both by far, and costs only a later release of an order refused upstream
 * whose pay was never recorded.
 */
export const PAY_IN_FLIGHT_MS = 3600_000;

/**
 * The step that announces a pay and then sends it: `send` runs once the announcement is saved,
 * with the order as saved and `othersUntil`, the end of the window of another pay still out
 * (null: none), before which no refusal is final. The step `send` returns records the answer, so
 * its pay is no longer in flight; another run's announcement, if still open, stays.
 */
export function announcePay(order: OrderRecord, deps: CheckoutDeps, what: string, send: (announced: OrderRecord, othersUntil: number | null) => Promise<Step>): Step {
  const now = deps.clock.now();
  const before = order.upstream.payInFlightUntil ?? null;
  const othersUntil = before !== null && before > now ? before : null;
  const until = Math.max(othersUntil ?? 0, now + PAY_IN_FLIGHT_MS);
  // Two runs announcing at the same moment would write the very same record, and a save that
  // finds the text it would write counts as done: the nonce makes each announcement its own, so
  // one of the two loses the compare-and-set and reads again.
  const nonce = randomBytes(6).toString("base64url");
  return {
    kind: "announce",
    change: { note: { kind: "sending", values: { call: what, nonce } }, patch: { upstream: { ...order.upstream, payInFlightUntil: until } } },
    act: async (announced) => answered(await send(announced, othersUntil), announced, othersUntil),
  };
}

function answered(step: Step, announced: OrderRecord, othersUntil: number | null): Step {
  if (step.kind !== "change") return step;
  const patch = step.change.patch ?? {};
  const upstream = { ...(patch.upstream ?? announced.upstream), payInFlightUntil: othersUntil };
  return { kind: "change", change: { ...step.change, patch: { ...patch, upstream } } };
}
