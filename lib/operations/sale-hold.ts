// An accepted order's cost, counted from its creation until upstream takes it (then it is
// counted as spent, record-spend-script.ts) or the order ends without that (released here). A
// balance read includes what upstream has taken, never what it has yet to take: a pay-first
// order is charged upstream only after the buyer pays, minutes or days after its checkout, and
// until then every later checkout must see its cost as gone.
import type { Kv } from "@/lib/kv/kv";
import type { Money } from "@/lib/money";
import { OPS_KEYS } from "./keys";
import { holdSaleScript } from "./hold-sale-script";
import { releaseHoldScript } from "./release-hold-script";

/**
 * A hold lasts as long as the order it belongs to may still be charged upstream (a pay-first
 * order's payment page, then up to the card authorization's lapse) with room to spare; the held
 * total's expiry is renewed with every hold.
 */
export const HOLD_TTL_MS = 30 * 24 * 3600_000;

export interface SaleHoldDeps {
  kv: Kv;
  upstream: string;
}

export interface HoldRequest {
  orderId: string;
  cost: Money;
  /** The balance read and the spend counter of that read, in the cost's currency. */
  balanceMinor: number;
  spentKey: string;
  /** Kept back (the owner's threshold), in minor units of the same currency. */
  floorMinor: number;
}

/** Accepted and held, or refused with the sale ceiling it was judged by. */
export async function holdSale(deps: SaleHoldDeps, request: HoldRequest): Promise<{ accepted: boolean; ceilingMinor: number }> {
  return deps.kv.run(holdSaleScript, {
    keys: { hold: OPS_KEYS.hold(deps.upstream, request.orderId), held: OPS_KEYS.held(deps.upstream, request.cost.currency), spent: request.spentKey },
    args: { cost: request.cost.minor, balance: request.balanceMinor, floor: request.floorMinor, ttlMs: HOLD_TTL_MS },
  });
}

/** The order ended without upstream taking its cost; true when it held anything. */
export async function releaseSaleHold(deps: SaleHoldDeps, orderId: string, currency: string): Promise<boolean> {
  return deps.kv.run(releaseHoldScript, {
    keys: { hold: OPS_KEYS.hold(deps.upstream, orderId), held: OPS_KEYS.held(deps.upstream, currency) },
    args: {},
  });
}
