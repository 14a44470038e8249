// POST /api/checkout, the logic: quote on the server, store the order (its id is the
// ext_order_id upstream, so it exists before any upstream call), then advance it once so the
// buyer leaves with a payment page. A request that fails validation creates nothing.
import type { CatalogDeps } from "@/lib/catalog/load-catalog";
import type { Money } from "@/lib/money";
import { err, ok, type Result } from "@/lib/result";
import { advance, leaseForAdvance, type AdvanceDeps } from "./advance";
import type { CheckoutRequest } from "./checkout-request";
import { newOrderRecord } from "./new-order";
import { capabilityHash, newCapabilityKey, type OrderIdFactory } from "./order-id";
import type { OrderRecord } from "./order-record";
import { quoteOrder, type QuoteError } from "./quote-order";

export interface StartCheckoutDeps {
  catalog: CatalogDeps;
  orders: AdvanceDeps;
  nextOrderId: OrderIdFactory;
  /** PARTNER_TEST_MODE: recorded on the order so its page can say nothing real was bought. */
  testMode: boolean;
  /**
   * Oldest catalogue copy a quote may come from; by default the catalogue's own TTL, the age a
   * copy is trusted as fresh for the pages.
   */
  quoteMaxAgeMs?: number;
  /**
   * Whether the shop takes this order now (lib/operations): not while the owner has paused
   * sales, nor when the partner balance cannot cover its upstream cost. Its figures are read
   * with the quote's (the same KV rounds); the answer judges the cost the quote names, before
   * anything is stored. An order it takes is held against the balance (under the order's id)
   * in the same atomic step as its check, and let go if the order is then not stored.
   */
  salesGuard?(): Promise<(cost: Money, orderId: string) => Promise<Result<SaleHold, SaleRefusal>>>;
}

export interface SaleHold {
  release(): Promise<void>;
}

const NOTHING_HELD: SaleHold = { release: async () => undefined };

export type SaleRefusal = { code: "sales_paused" | "balance_low"; message: string };

export interface StartedCheckout {
  order: OrderRecord;
  /** The secret of the buyer's order link; stored nowhere but in that link (and its email). */
  capabilityKey: string;
}

export type StartCheckoutError = QuoteError | SaleRefusal | { code: "orders_unavailable"; message: string };

/** The caller's own refusal of the request (its rate limit's answer), passed back untouched. */
export type NotAdmitted<Refusal> = { code: "not_admitted"; message: string; refusal: Refusal };

/**
 * `admission`: the caller's refusal of the request, or null to go on (its rate limit, counted as
 * it arrived). Asked once the reads are done and before anything is judged or written, so that
 * its count and the reads share their KV round trips.
 */
export async function startCheckout<Refusal = never>(
  request: CheckoutRequest,
  deps: StartCheckoutDeps,
  admission: () => Promise<Refusal | null> = async () => null,
): Promise<Result<StartedCheckout, StartCheckoutError | NotAdmitted<Refusal>>> {
  const [quoted, saleCheck] = await Promise.all([quoteOrder(deps.catalog, request, { maxAgeMs: deps.quoteMaxAgeMs ?? deps.catalog.ttlMs }), deps.salesGuard?.()]);
  const refusal = await admission();
  if (refusal !== null) return err({ code: "not_admitted", message: "refused before anything was written", refusal });
  if (!quoted.ok) return quoted;
  const id = deps.nextOrderId();
  const allowed = (await saleCheck?.(quoted.value.quote.cost, id)) ?? ok(NOTHING_HELD);
  if (!allowed.ok) return allowed;
  const capabilityKey = newCapabilityKey();
  const record = newOrderRecord(
    {
      ...quoted.value,
      id,
      capabilityHash: capabilityHash(capabilityKey),
      capabilitySealed: deps.orders.vault.seal(capabilityKey, id),
      email: request.email,
      test: deps.testMode,
    },
    deps.orders.clock.now(),
  );
  // The first run's lease is taken in the same round as the creation (one LMDB commit, one
  // Redis round trip): nobody else knows the order's id yet, so it is always free.
  const [created, lease] = await Promise.all([deps.orders.store.create(record), leaseForAdvance(deps.orders, id)]);
  if (!created.ok) {
    await Promise.all([lease?.release().catch(() => false), allowed.value.release().catch(() => undefined)]);
    return err({ code: "orders_unavailable", message: "Orders cannot be taken right now; nothing was charged. Try again shortly." });
  }
  // Whatever this first run reaches, the order is stored and due: the sweep finishes it. Due
  // already, it needs no wake-up mark (two KV writes the buyer would wait for); held, it goes on
  // from the creation without reading it back.
  const advanced = await advance(record.id, deps.orders, lease ? { lease, created: created.value } : {});
  return ok({ order: advanced.ok ? advanced.value : record, capabilityKey });
}
