// The buyer's view of one order, for whoever holds its capability link: the order page and
// GET /api/orders/{id} both come through here. Looking also moves the order on if a deadline
// of its has passed, so an order completes promptly even where the cron runs only daily. An
// unknown order and a wrong key look the same, so ids cannot be probed.
import { err, ok, type Result } from "@/lib/result";
import { constantTimeEqual } from "@/lib/security/constant-time-equal";
import { advance, orderLeased, type AdvanceDeps } from "./advance";
import { capabilityHash } from "./order-id";
import { orderIdSchema, type OrderRecord } from "./order-record";
import { isSettled } from "./order-states";
import { noteCodeView } from "./code-views";
import { claimPaymentReturn, PAYMENT_RETURN } from "./payment-return";
import { publicOrder, type PublicOrder } from "./public-order";
import type { OrderStore, StoredOrder } from "./store/order-store";
import { abortableSleep, LOOKS, waitsWithin } from "./paced-looks";

export type BuyerOrderError = { code: "not_found" } | { code: "unavailable" };

/** Keys are 32 random bytes in base64url (order-id.ts). */
const KEY_PATTERN = /^[\w-]{43}$/;

/** The stored order, if `key` is its capability key. */
export async function readOwnOrder(orderId: string, key: string | null, store: OrderStore): Promise<Result<StoredOrder, BuyerOrderError>> {
  if (key === null || !KEY_PATTERN.test(key) || !orderIdSchema.safeParse(orderId).success) return err({ code: "not_found" });
  const read = await store.read(orderId);
  if (!read.ok) return err({ code: read.error.code === "not_found" ? "not_found" : "unavailable" });
  if (!constantTimeEqual(read.value.record.capabilityHash, capabilityHash(key))) return err({ code: "not_found" });
  return read;
}

export interface BuyerOrderOptions {
  /** The order page, which the payment page returns to: it may wake the order (payment-return.ts). */
  paymentReturn?: boolean;
  /** Injected so tests need not wait; a real sleep otherwise. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * How long the page the payment page returns to waits for a run that holds the order. That is
 * mostly the payment webhook's, which Stripe sends as the buyer is redirected and which finishes
 * in tens of milliseconds; past this (a slow upstream), the page shows what is known and follows on.
 */
export const RETURN_WAIT_MS = 3_000;

export async function buyerOrder(orderId: string, key: string | null, deps: AdvanceDeps, options: BuyerOrderOptions = {}): Promise<Result<PublicOrder, BuyerOrderError>> {
  const shown = await buyerOrderView(orderId, key, deps, options);
  return shown.ok ? ok(shown.value.view) : shown;
}

/**
 * The buyer's view and the record it was made from, for a caller that also needs what the buyer
 * does not see: the order page (the product the record names), GET /api/orders (its deadline).
 */
export interface BuyerOrderView {
  record: OrderRecord;
  view: PublicOrder;
}

export async function buyerOrderView(orderId: string, key: string | null, deps: AdvanceDeps, options: BuyerOrderOptions = {}): Promise<Result<BuyerOrderView, BuyerOrderError>> {
  const own = await readOwnOrder(orderId, key, deps.store);
  if (!own.ok) return own;
  const wake = options.paymentReturn === true && (await claimPaymentReturn(deps.kv, own.value.record));
  const advanced = await advance(orderId, deps, wake ? { kind: "wake", reason: PAYMENT_RETURN } : { kind: "poll", read: own.value });
  // A failed advance (KV trouble) still shows what we read: the order page keeps polling.
  const shown = advanced.ok ? advanced.value : own.value.record;
  const record = wake ? await afterOtherRun(shown, deps, options.sleep ?? abortableSleep) : shown;
  // Made once: it opens the sealed code, and every look of a paid order's page would open it twice.
  const view = publicOrder(record, deps.vault);
  // Every answer that carries the code is logged: a dispute's evidence and the early fraud
  // warning's refund rule rest on when (and whether) the buyer saw it.
  if (view.delivery?.code) await noteCodeView(deps.store, record, deps.clock.now());
  return ok({ record, view });
}

/**
 * The return's wake found the order held by another run (the webhook's, come first): rather than
 * "awaiting your payment" while that run delivers, the page waits for it to let go, within
 * RETURN_WAIT_MS, and shows where it got (advancing once more, for a wake it left unread).
 */
async function afterOtherRun(shown: OrderRecord, deps: AdvanceDeps, sleep: (ms: number) => Promise<void>): Promise<OrderRecord> {
  // Settled (usually by the return's own run): no run can show the buyer more.
  if (isSettled(shown.state) || !(await orderLeased(deps.kv, shown.id))) return shown;
  const until = deps.clock.now() + RETURN_WAIT_MS;
  for (const wait of waitsWithin(RETURN_WAIT_MS, LOOKS)) {
    const left = until - deps.clock.now();
    if (left <= 0) break;
    await sleep(Math.min(wait, left));
    if (!(await orderLeased(deps.kv, shown.id))) {
      const advanced = await advance(shown.id, deps);
      return advanced.ok ? advanced.value : shown;
    }
  }
  const read = await deps.store.read(shown.id);
  return read.ok ? read.value.record : shown;
}
