// The checkout's timing rules from configuration. The reservation's lifetime is the one figure
// upstream never states in its answers: a live shop sets it (CHECKOUT_RESERVATION_SECONDS);
// a demo takes the embedded sandbox fixture's.
import type { Env } from "@/lib/config/env";
import type { CheckoutPolicy } from "./checkout-deps";

/** What the Partner API's reservations last when nobody says otherwise (an hour). */
export const DEFAULT_RESERVATION_SECONDS = 3600;

/**
 * Card authorizations last about 7 days; we count on 6½, so that a decision taken at the end
 * (capture or cancel) lands while the money is still held.
 */
export const AUTHORIZATION_HOLD_MS = 6.5 * 24 * 3600_000;

/**
 * The shortest payment page the provider opens: Stripe Checkout Sessions (and our payments
 * sandbox) take an `expires_at` 30 minutes to 24 hours from creation.
 */
export const PAYMENT_PAGE_MIN_MS = 30 * 60_000;

export function checkoutPolicy(config: Env, fixtureReservationSeconds: number | null): CheckoutPolicy {
  const reservationMs = (config.CHECKOUT_RESERVATION_SECONDS ?? fixtureReservationSeconds ?? DEFAULT_RESERVATION_SECONDS) * 1000;
  return {
    reservationMs,
    // Release a reservation well before upstream drops it; short demo reservations get a fifth.
    safetyMarginMs: Math.min(5 * 60_000, Math.floor(reservationMs / 5)),
    sessionMs: config.CHECKOUT_SESSION_MINUTES * 60_000,
    // A pay-first order whose fate upstream we cannot read is retried for a day, then the owner is told.
    payGiveUpMs: 24 * 3600_000,
    retryBaseMs: 5_000,
    retryMaxMs: 10 * 60_000,
    priceTolerancePercent: config.CHECKOUT_PRICE_TOLERANCE_PERCENT,
    completedRechecksMs: config.CHECKOUT_COMPLETED_RECHECKS,
    authorizationHoldMs: AUTHORIZATION_HOLD_MS,
  };
}
