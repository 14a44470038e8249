// POST /api/checkout, the logic, in two halves: `quoteCheckout` reads (the quote on the server,
// the sale check's figures), `placeOrder` writes (the order stored, its id the ext_order_id
// upstream so it exists before any upstream call, then advanced once so the buyer leaves with a
// payment page). Apart so that the route can count its rate limit alongside the reads and ask it
// before the first write. A request that fails validation creates nothing.
import type { CatalogDeps } from "@/lib/catalog/load-catalog";
import type { CountedCheckout, ScreenCount, ScreenRefusal } from "@/lib/fraud/checkout-screen";
import type { Money } from "@/lib/money";
import { err, ok, type Result } from "@/lib/result";
import { advance, leaseForAdvance, type AdvanceDeps } from "./advance";
import type { CheckoutRequest } from "./checkout-request";
import type { BuyerFacts } from "./fraud-facts";
import { newOrderRecord } from "./new-order";
import { capabilityHash, newCapabilityKey, type OrderIdFactory } from "./order-id";
import type { OrderRecord } from "./order-record";
import { quoteOrder, type Quote, type QuoteError } from "./quote-order";

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
  readSaleCheck?(): Promise<SaleCheck>;
  /** Whether the buyer's payment page asks for 3-D Secure (lib/fraud's settings and memory of the email); absent: never. */
  pageAuthentication?(email: string): Promise<boolean>;
}

/** What an accepted order holds of the balance; let go when the order is then not stored. */
export interface SaleHold {
  release(): Promise<void>;
}

export type SaleRefusal = { code: "sales_paused"; message: string } | { code: "balance_low"; message: string };

/** Whether the shop takes this order (its id, its upstream cost) now; taken, it is held. */
export type SaleCheck = (cost: Money, orderId: string) => Promise<Result<SaleHold, SaleRefusal>>;

const NOTHING_HELD: SaleHold = { release: async () => undefined };
const NOTHING_COUNTED: CountedCheckout = { withdraw: async () => undefined };

export interface StartedCheckout {
  order: OrderRecord;
  /** The secret of the buyer's order link; stored nowhere but in that link (and its email). */
  capabilityKey: string;
}

/** Screening's velocity caps refused the order (lib/fraud/checkout-screen.ts). */
export type ScreenedOut = { code: "screened_out"; message: string; refusal: ScreenRefusal };

export type StartCheckoutError = QuoteError | SaleRefusal | ScreenedOut | { code: "orders_unavailable"; message: string };

/** What the reads found: the quote, and the sale check's judge of its cost (none without a check). */
export interface QuotedCheckout {
  request: CheckoutRequest;
  quoted: Quote;
  saleCheck?: SaleCheck;
  /** The buyer's request as it arrived (IP, its country, user agent), kept on the order. */
  buyer?: BuyerFacts;
  /** Screening's velocity count, sent beside the sale check's hold so that both share one KV round trip. */
  screenCount?: ScreenCount;
}

/** The reads: the quote and the sale check's figures, in the same KV rounds. Writes nothing. */
export async function quoteCheckout(request: CheckoutRequest, deps: StartCheckoutDeps): Promise<Result<QuotedCheckout, QuoteError>> {
  const [quoted, saleCheck] = await Promise.all([quoteOrder(deps.catalog, request, { maxAgeMs: deps.quoteMaxAgeMs ?? deps.catalog.ttlMs }), deps.readSaleCheck?.()]);
  return quoted.ok ? ok({ request, quoted: quoted.value, saleCheck }) : quoted;
}

/** The writes: the sale judged and held, the order stored and advanced once. */
export async function placeOrder(
  { request, quoted, saleCheck, buyer, screenCount }: QuotedCheckout,
  deps: StartCheckoutDeps,
): Promise<Result<StartedCheckout, SaleRefusal | ScreenedOut | { code: "orders_unavailable"; message: string }>> {
  const id = deps.nextOrderId();
  // The sale's hold and screening's count are both writes: sent together they are one round
  // trip (one commit on the embedded store). Whichever refuses or fails, what the other wrote is
  // taken back, so a refused checkout holds nothing and counts nowhere once answered.
  const [judged, authenticated, counted] = await Promise.allSettled([saleCheck?.(quoted.quote.cost, id), deps.pageAuthentication?.(request.email), screenCount?.()]);
  const allowed = judged.status === "fulfilled" ? (judged.value ?? ok(NOTHING_HELD)) : null;
  const kept = counted.status === "fulfilled" ? (counted.value ?? ok(NOTHING_COUNTED)) : null;
  const held = allowed?.ok ? allowed.value : NOTHING_HELD;
  const count = kept?.ok ? kept.value : NOTHING_COUNTED;
  if (!allowed?.ok || !kept?.ok || authenticated.status === "rejected") {
    await Promise.all([held.release().catch(() => undefined), count.withdraw().catch(() => undefined)]);
    for (const settled of [judged, authenticated, counted]) if (settled.status === "rejected") throw settled.reason;
    if (kept && !kept.ok) return err({ code: "screened_out", message: kept.error.message, refusal: kept.error });
    if (allowed && !allowed.ok) return allowed;
  }
  const threeDSecure = authenticated.status === "fulfilled" && authenticated.value === true;
  const capabilityKey = newCapabilityKey();
  const record = newOrderRecord(
    {
      ...quoted,
      id,
      capabilityHash: capabilityHash(capabilityKey),
      capabilitySealed: deps.orders.vault.seal(capabilityKey, id),
      email: request.email,
      locale: request.locale,
      test: deps.testMode,
      ...(buyer ? { buyer } : {}),
      threeDSecure,
    },
    deps.orders.clock.now(),
  );
  // The first run's lease is taken together with the creation, which the buyer waits for anyway
  // (docs/architecture-decisions.md item 95): nobody else knows the order's id yet, so it is always free.
  const [created, lease] = await Promise.all([deps.orders.store.create(record), leaseForAdvance(deps.orders, id)]);
  if (!created.ok) {
    await Promise.all([lease?.release().catch(() => false), held.release().catch(() => undefined), count.withdraw().catch(() => undefined)]);
    return err({ code: "orders_unavailable", message: "Orders cannot be taken right now; nothing was charged. Try again shortly." });
  }
  // Whatever this first run reaches, the order is stored and due: the sweep finishes it. Due
  // already, it needs no wake-up mark (writes the buyer would only wait for); held, it goes on
  // from the creation without reading it back.
  const advanced = await advance(record.id, deps.orders, lease ? { kind: "continue", lease, created: created.value } : { kind: "poll" });
  return ok({ order: advanced.ok ? advanced.value : record, capabilityKey });
}
