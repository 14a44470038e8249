// The checkout's orders as the partner balance counts them (lib/operations), wired here
// because neither folder may import the other. An accepted order
// holds its cost from its creation (the sale check's hold) until upstream takes it from the
// partner balance, which it does when it accepts or delivers the order: a pay-first order's
// /api/pay, a reservation's confirmation (a reservation in 6 has taken nothing, and a balance
// read then does not include it). That move counts it as spent and lets the hold go in one
// write; an order that fails lets its hold go. Told by the order store as each move is saved,
// so the shop and the tests count the same.
import { recordUpstreamSpend } from "@/lib/operations/partner-balance";
import { releaseSaleHold, type SaleHoldDeps } from "@/lib/operations/sale-hold";
import type { AdvanceDeps } from "@/lib/checkout/advance";
import type { OrderRecord } from "@/lib/checkout/order-record";
import { tellingMoves } from "@/lib/checkout/store/telling-moves";

export function countingBalance(deps: AdvanceDeps, balance: SaleHoldDeps): AdvanceDeps {
  return { ...deps, store: tellingMoves(deps.store, (moved) => countMove(balance, moved)) };
}

async function countMove(balance: SaleHoldDeps, moved: OrderRecord): Promise<void> {
  const heldCurrency = moved.quote.cost.currency;
  if (moved.state === "failed") {
    await releaseSaleHold(balance, moved.id, heldCurrency);
  } else if (moved.state === "fulfilling" || moved.state === "delivered") {
    await recordUpstreamSpend(balance, { orderId: moved.id, charged: moved.upstream.amountCharged ?? moved.quote.cost, heldCurrency });
  }
}
