// The checkout as this process runs it: the order store on the shop's KV, the storefront's
// Partner API client, the payment module's stripe client, the code vault and the timing rules,
// all from configuration. Routes, the sweep script and the order page take it from here.
import { ownerAlert } from "@/lib/alerts/owner-alert";
import { raiseAlertInBackground } from "./alerts";
import { recordSale } from "@/lib/catalog/popularity";
import { shopMailer, SHOP_NAME } from "./mailer";
import { catalogDeps, storefrontClient } from "./catalog-deps";
import { env } from "@/lib/config/env";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";
import { shopMode } from "@/lib/config/shop-mode";
import { publicOrigin } from "@/lib/config/shop-origin";
import { getKv } from "@/lib/kv/get-kv";
import { recordCompletedOrder } from "@/lib/operations/daily-sales";
import { recordMoneyBack } from "@/lib/operations/money-back";
import { readSaleCheck } from "@/lib/operations/sale-check";
import { shopOperationsDeps } from "./operations";
import { getStripe } from "./stripe";
import { shopPricingRules } from "./pricing";
import { route, type RouteHandler } from "@/lib/http/route";
import { rateLimit, sameOrigin } from "./route-needs";
import { systemClock } from "@/lib/time/clock";
import type { AdvanceDeps } from "@/lib/checkout/advance";
import { countingBalance } from "./balance-counting";
import { alertNoteText, alertNoteWords } from "@/lib/checkout/alert-notes";
import { checkoutPolicy } from "@/lib/checkout/checkout-policy";
import { createCodeVault } from "@/lib/checkout/code-vault";
import { postCheckout, type PostCheckoutDeps } from "@/lib/checkout/http/post-checkout";
import { orderIdFactory } from "@/lib/checkout/order-id";
import { refundListeners } from "@/lib/checkout/owner-actions/settle-refunds";
import type { ConversionRates } from "@/lib/checkout/charge-check";
import { codeVaultKey } from "./secrets";
import type { StartCheckoutDeps } from "@/lib/checkout/start-checkout";
import type { CheckoutScreen } from "@/lib/fraud/checkout-screen";
import { createOrderStore } from "@/lib/checkout/store/order-store";
import { stripePayments } from "@/lib/checkout/stripe-payments";
import { processSingleton } from "@/lib/singleton";
import { buyerFacts } from "./buyer-facts";
import { markShopCustomer, pageAuthentication, screeningDeps, shopCheckoutScreen } from "./fraud";
import { deadlineAlarm } from "./scheduler";
import { runDeadline, UPSTREAM_ROUTE_MAX_DURATION_S } from "./time-limits";
import { localePath } from "@/lib/i18n/locale-path";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";

/** The buyer's order page, in their language: the link the payment page returns to and the emails carry. */
export function orderPath(orderId: string, capabilityKey: string, locale: Locale = DEFAULT_LOCALE): string {
  return localePath(locale, `/orders/${orderId}?key=${encodeURIComponent(capabilityKey)}`);
}

/** How long a dead run's lease keeps others off its order; renewed every third of it while alive. */
const LEASE_MS = 15_000;

/** What `advance` and the sweep need; one per process. */
export function orderDeps(): Promise<AdvanceDeps> {
  return processSingleton("order-deps", async (): Promise<AdvanceDeps> => {
    const kv = await getKv();
    // Each deadline a save sets goes to the scheduler too, when it is one that needs telling.
    const alarm = await deadlineAlarm();
    const stripe = await getStripe();
    const base: AdvanceDeps = {
      kv,
      store: createOrderStore(kv, systemClock, alarm),
      alarm,
      upstream: await storefrontClient(),
      payments: stripePayments(stripe),
      vault: createCodeVault(await codeVaultKey()),
      clock: systemClock,
      policy: checkoutPolicy(env(), await fixtureReservationSeconds()),
      // Short and renewed while the run works (advance.ts): a process that dies mid-run frees
      // its orders within this, whatever its slowest call may take.
      leaseMs: LEASE_MS,
      orderLink: (orderId, key, locale) => `${publicOrigin()}${orderPath(orderId, key, locale)}`,
      conversionRates,
      screening: screeningDeps(kv, stripe),
      alertOwner: (orderId, note, source) => {
        const text = alertNoteText(note);
        console.error(`[checkout] order ${orderId} needs the owner: ${text}`);
        raiseAlertInBackground(ownerAlert(orderId, { text, words: alertNoteWords(note) }, source));
      },
      // The two counts do not wait for each other: the buyer's code waits for both.
      onCompleted: async (order) => {
        // The email's next orders are no longer first purchases (lib/fraud's lower cap).
        await Promise.all([
          recordSale(kv, order.id, order.item.gameId),
          conversionRates().then((rates) => recordCompletedOrder(kv, order, rates, systemClock.now())),
          markShopCustomer(order.email),
        ]);
      },
      onMoneyBack: async (order) => recordMoneyBack(kv, order, await conversionRates()),
    };
    const deps = countingBalance(base, { kv, upstream: currentUpstream() });
    // The owner's full refund ends in the checkout's refund step, maybe in the sweep: the buyer
    // is told from there too, not only when the owner clicks again.
    deps.onRefunded = refundListeners({ ...deps, mailer: shopMailer(), shopName: SHOP_NAME }).onRefunded;
    return deps;
  });
}

/**
 * The same, for the runs of one request in a route whose function the host stops after
 * `maxDurationS`: they stop at a safe point in time and leave the rest to the scheduler.
 */
export async function orderDepsWithin(maxDurationS: number): Promise<AdvanceDeps> {
  return { ...(await orderDeps()), runDeadline: runDeadline(maxDurationS) };
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
    orders: await orderDepsWithin(UPSTREAM_ROUTE_MAX_DURATION_S),
    nextOrderId,
    testMode: env().PARTNER_TEST_MODE,
    readSaleCheck: () => readSaleCheck(operations),
    pageAuthentication,
  };
}

/**
 * POST /api/checkout as the route serves it: from our own pages, behind its rate limit (counted
 * as the request arrives, asked by the handler before anything is written); `later` runs the
 * order email once the answer is sent (next/server's after() in the route); screening (lib/fraud)
 * runs before anything is reserved. The bench's count of KV round trips (bench/checkout-kv-rounds.ts)
 * calls the same handler in process, and the screening bench (bench/fraud-screening.ts) compares
 * it with a screening of its own (`screen`) and with none (`screen: null`).
 */
export function shopCheckoutHandler(later: PostCheckoutDeps["later"], options: { screen?: CheckoutScreen | null } = {}): RouteHandler<Request, unknown> {
  return route({ sameOrigin, rateLimit: rateLimit("checkout", "handler") }, async (request, _context, gate) =>
    postCheckout(
      request,
      {
        start: startCheckoutDeps,
        mailer: shopMailer(),
        publicOrigin: publicOrigin(),
        shopName: SHOP_NAME,
        orderPath,
        later,
        screen: options.screen === undefined ? await shopCheckoutScreen() : (options.screen ?? undefined),
        buyerFacts,
      },
      gate,
    ),
  );
}

/** A demo's reservations last as long as its sandbox fixture says; a live shop's are configured. */
async function fixtureReservationSeconds(): Promise<number | null> {
  if (shopMode() === "live") return null;
  const { sandboxReservationSeconds } = await import("./sandbox-reservation-seconds");
  return sandboxReservationSeconds();
}
