// The checkout as this process runs it: the order store on the shop's KV, the storefront's
// Partner API client, the payment module's stripe client, the code vault and the timing rules,
// all from configuration. Routes, the sweep script and the order page take it from here.
import { ownerAlert } from "@/lib/alerts/owner-alert";
import { raiseAlertInBackground } from "@/lib/alerts/raise-in-background";
import { recordSale } from "@/lib/catalog/popularity";
import { shopMailer, SHOP_NAME } from "@/lib/mail/shop-mailer";
import { catalogDeps, storefrontClient } from "@/lib/catalog/storefront-deps";
import { env } from "@/lib/config/env";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";
import { shopMode } from "@/lib/config/shop-mode";
import { publicOrigin } from "@/lib/config/shop-origin";
import { getKv } from "@/lib/kv/get-kv";
import { recordCompletedOrder } from "@/lib/operations/daily-sales";
import { readSaleCheck } from "@/lib/operations/sales-guard";
import { shopOperationsDeps } from "@/lib/operations/shop-operations";
import { getStripe } from "@/lib/payments/stripe-client";
import { shopPricingRules } from "@/lib/pricing/shop-pricing";
import { countRequest } from "@/lib/rate-limit/with-rate-limit";
import { systemClock } from "@/lib/time/clock";
import type { AdvanceDeps } from "./advance";
import { countingBalance } from "./balance-counting";
import { checkoutPolicy } from "./checkout-policy";
import { createCodeVault } from "./code-vault";
import { postCheckout, type PostCheckoutDeps } from "./http/post-checkout";
import { orderIdFactory } from "./order-id";
import { refundListeners } from "./owner-actions/settle-refunds";
import type { ConversionRates } from "./price-guard";
import { codeVaultKey } from "./shop-secrets";
import type { StartCheckoutDeps } from "./start-checkout";
import { createOrderStore } from "./store/order-store";
import { stripePayments } from "./stripe-payments";

/** The buyer's order page: the link the payment page returns to and the email carries. */
export function orderPath(orderId: string, capabilityKey: string): string {
  return `/orders/${orderId}?key=${encodeURIComponent(capabilityKey)}`;
}

/** How long a dead run's lease keeps others off its order; renewed every third of it while alive. */
const LEASE_MS = 15_000;

const holder = globalThis as typeof globalThis & { __orderDeps?: Promise<AdvanceDeps> };

/** What `advance` and the sweep need; one per process. */
export function orderDeps(): Promise<AdvanceDeps> {
  holder.__orderDeps ??= (async (): Promise<AdvanceDeps> => {
    const kv = await getKv();
    const base: AdvanceDeps = {
      kv,
      store: createOrderStore(kv, systemClock),
      upstream: await storefrontClient(),
      payments: stripePayments(await getStripe()),
      vault: createCodeVault(await codeVaultKey()),
      clock: systemClock,
      policy: checkoutPolicy(env(), await fixtureReservationSeconds()),
      // Short and renewed while the run works (advance.ts): a process that dies mid-run frees
      // its orders within this, whatever its slowest call may take.
      leaseMs: LEASE_MS,
      orderLink: (orderId, key) => `${publicOrigin()}${orderPath(orderId, key)}`,
      conversionRates,
      alertOwner: (orderId, message, source) => {
        console.error(`[checkout] order ${orderId} needs the owner: ${message}`);
        raiseAlertInBackground(ownerAlert(orderId, message, source));
      },
      // The two counts do not wait for each other: the buyer's code waits for both.
      onCompleted: async (order) => {
        await Promise.all([recordSale(kv, order.id, order.item.gameId), conversionRates().then((rates) => recordCompletedOrder(kv, order, rates, systemClock.now()))]);
      },
    };
    const deps = countingBalance(base, { kv, upstream: currentUpstream() });
    // The owner's full refund ends in the checkout's refund step, maybe in the sweep: the buyer
    // is told from there too, not only when the owner clicks again.
    deps.onRefunded = refundListeners({ ...deps, mailer: shopMailer(), shopName: SHOP_NAME }).onRefunded;
    return deps;
  })().catch((error: unknown) => {
    // A failed start (KV down, say) must not be remembered: the next request tries again.
    holder.__orderDeps = undefined;
    throw error;
  });
  return holder.__orderDeps;
}

/** The pricing rules' store currency and rates as they are now (the owner edits them in the admin). */
async function conversionRates(): Promise<ConversionRates> {
  const { source } = await shopPricingRules();
  return { storeCurrency: source.storeCurrency, exchangeRates: Object.fromEntries(Object.entries(source.rates).map(([code, rate]) => [code, rate.rate])) };
}

const nextOrderId = orderIdFactory(systemClock);

export async function startCheckoutDeps(): Promise<StartCheckoutDeps> {
  const operations = await shopOperationsDeps();
  return {
    catalog: await catalogDeps(),
    orders: await orderDeps(),
    nextOrderId,
    testMode: env().PARTNER_TEST_MODE,
    salesGuard: () => readSaleCheck(operations),
  };
}

/**
 * POST /api/checkout as the route serves it, behind its rate limit (counted as the request
 * arrives, asked before anything is written); `later` runs the order email once the answer is
 * sent (next/server's after() in the route). The bench's count of KV round trips
 * (bench/checkout-kv-rounds.ts) calls the same handler in process.
 */
export function shopCheckoutHandler(later: PostCheckoutDeps["later"]): (request: Request) => Promise<Response> {
  const limit = { scope: "checkout", setting: () => env().CHECKOUT_RATE_LIMIT };
  return (request) =>
    postCheckout(request, {
      start: startCheckoutDeps,
      mailer: shopMailer(),
      publicOrigin: publicOrigin(),
      shopName: SHOP_NAME,
      orderPath,
      later,
      admission: countRequest(limit, request),
    });
}

/** A demo's reservations last as long as its sandbox fixture says; a live shop's are configured. */
async function fixtureReservationSeconds(): Promise<number | null> {
  if (shopMode() === "live") return null;
  const { sandboxReservationSeconds } = await import("@/lib/shop/sandbox-reservation-seconds");
  return sandboxReservationSeconds();
}
