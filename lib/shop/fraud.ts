// Screening as this shop runs it (lib/fraud): the owner's rules and the blocklist on the shop's
// KV, the bot check from configuration (Cloudflare Turnstile live, its emulation in a demo, in
// process like the payments sandbox), the client's address and country as the deployment
// trusts them, the amount caps in the currency of each price (fraud-caps.ts), the card-testing
// breaker's alert, and at authorization each payment's risk from the payment module's stripe
// client with the owner's review settings. Routes, pages and admin actions take their parts
// from here.
import type { CheckoutScreen } from "@/lib/fraud/checkout-screen";
import type { ScreeningDeps } from "@/lib/checkout/screening/screening-deps";
import { stripePaymentRisk } from "@/lib/checkout/stripe-payment-risk";
import { clientIpTrust } from "@/lib/config/client-ip-trust";
import { ConfigError, env } from "@/lib/config/env";
import { shopMode, type ShopMode } from "@/lib/config/shop-mode";
import { publicOrigin } from "@/lib/config/shop-origin";
import type { BlockPort } from "@/lib/fraud/block-port";
import { botCheckSetting, TURNSTILE_SCRIPT_URL, TURNSTILE_SITEVERIFY_URL, type BotCheckSetting } from "@/lib/fraud/bot-check-setting";
import { recordDecline } from "@/lib/fraud/breaker";
import { clientCountry } from "@/lib/fraud/client-country";
import { markCustomer } from "@/lib/fraud/count-velocity";
import { decidePageAuthentication } from "@/lib/fraud/decide-at-authorization";
import { isBuyerFlagged } from "@/lib/fraud/flagged-buyers";
import { kvBlocklist } from "@/lib/fraud/kv-blocklist";
import { DEFAULT_REVIEW_SETTINGS, DEMO_REVIEW_SETTINGS, readReviewSettings, type ReviewSettings } from "@/lib/fraud/review-settings";
import { loadFraudRules } from "@/lib/fraud/rules-store";
import { checkoutScreening } from "@/lib/fraud/screen-checkout";
import type { BotCheckConfig } from "@/lib/fraud/verify-bot-token";
import { getKv } from "@/lib/kv/get-kv";
import type { Kv } from "@/lib/kv/kv";
import { clientIp } from "@/lib/rate-limit/client-ip";
import { processSingleton } from "@/lib/singleton";
import { systemClock } from "@/lib/time/clock";
import type Stripe from "stripe";
import { raiseAlert } from "./alerts";
import { screeningCaps } from "./fraud-caps";
import { shopRulesDeps } from "./pricing";

/** Where the owner reads and edits the rules, the blocklist and the refusals. */
export const FRAUD_ADMIN_PATH = "/admin/fraud";
export const CARD_TESTING_CAUSE = "fraud:card-testing";
/** Cloudflare answers in well under a second; a checkout must not hang on it. */
const SITEVERIFY_TIMEOUT_MS = 5_000;
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

function setting(): BotCheckSetting {
  const decided = botCheckSetting(env(), shopMode());
  if (!decided.ok) throw new ConfigError(decided.error);
  return decided.value;
}

/** What the checkout's page renders: the widget script and site key, or null without a bot check. */
export function botCheckWidget(): { scriptUrl: string; siteKey: string } | null {
  const current = setting();
  switch (current.kind) {
    case "off":
      return null;
    case "turnstile":
      return { scriptUrl: `${TURNSTILE_SCRIPT_URL}?render=explicit`, siteKey: current.siteKey };
    case "sandbox":
      return { scriptUrl: "/turnstile-sandbox/v0/api.js?render=explicit", siteKey: "sandbox-site-key" };
  }
}

async function botCheckConfig(): Promise<BotCheckConfig | null> {
  const current = setting();
  const hostname = new URL(publicOrigin()).hostname;
  // A local demo is this machine under any of its loopback names, whichever the buyer typed.
  const loopback = LOOPBACK_NAMES.includes(hostname) ? LOOPBACK_NAMES : [hostname];
  switch (current.kind) {
    case "off":
      return null;
    case "turnstile":
      return { verifyUrl: TURNSTILE_SITEVERIFY_URL, secret: current.secretKey, hostnames: [hostname], fetch: (input, init) => fetch(input, init), timeoutMs: SITEVERIFY_TIMEOUT_MS };
    case "sandbox": {
      const { getEmbeddedTurnstileSandbox, EMBEDDED_TURNSTILE_SANDBOX_PATH } = await import("./embedded-turnstile-sandbox");
      const { SANDBOX_SECRET_KEY } = await import("@/lib/turnstile-sandbox/turnstile-sandbox");
      const sandbox = await getEmbeddedTurnstileSandbox();
      return {
        verifyUrl: `${publicOrigin()}${EMBEDDED_TURNSTILE_SANDBOX_PATH}/v0/siteverify`,
        secret: SANDBOX_SECRET_KEY,
        hostnames: loopback,
        // In process, as the embedded payments sandbox is called: the same request, no socket.
        fetch: (input, init) => sandbox.handle(new Request(input, init)),
        timeoutMs: SITEVERIFY_TIMEOUT_MS,
      };
    }
  }
}

export function shopBlocklist(kv: Kv): BlockPort {
  return kvBlocklist(kv);
}

export async function shopBlocklistNow(): Promise<BlockPort> {
  return shopBlocklist(await getKv());
}

/** The review settings a shop of this mode starts with, before its owner saves any. */
export function reviewDefaultsFor(mode: ShopMode): ReviewSettings {
  return mode === "demo" ? DEMO_REVIEW_SETTINGS : DEFAULT_REVIEW_SETTINGS;
}

/** The owner's review settings, or this mode's defaults until the owner saves them. */
export function shopReviewSettings(kv: Kv): Promise<ReviewSettings> {
  return readReviewSettings(kv, reviewDefaultsFor(shopMode()));
}

/** Screening at authorization: the blocklist, the card history, the owner's review settings and each payment's risk. */
export function screeningDeps(kv: Kv, stripe: Stripe): ScreeningDeps {
  return { kv, readRisk: stripePaymentRisk(stripe), blocklist: shopBlocklist(kv), settings: () => shopReviewSettings(kv) };
}

/** Whether a new order's payment page asks for 3-D Secure: the settings, and whether the email is one the shop flagged. */
export async function pageAuthentication(email: string): Promise<boolean> {
  const kv = await getKv();
  const [settings, flagged] = await Promise.all([shopReviewSettings(kv), isBuyerFlagged(kv, email)]);
  return decidePageAuthentication(settings, flagged);
}

/** The checkout's screening, one per process. */
export function shopCheckoutScreen(): Promise<CheckoutScreen> {
  return processSingleton("checkout-screen", async () => {
    const kv = await getKv();
    // The upstream and settings are the process's own, so one set of the rules' deps serves.
    const pricing = await shopRulesDeps();
    const trust = clientIpTrust(env());
    return checkoutScreening({
      kv,
      clock: systemClock,
      blocklist: kvBlocklist(kv),
      ...screeningCaps(pricing),
      botCheck: await botCheckConfig(),
      clientIp: (headers) => {
        const ip = clientIp(headers, trust);
        // Without a trusted address every buyer shares "unknown": a cap on it would cap the shop.
        return ip === "unknown" ? null : ip;
      },
      clientCountry: (headers) => clientCountry(headers, trust),
    });
  });
}

/** A declined payment (payment_intent.payment_failed): counted for the card-testing breaker. */
export async function recordShopDecline(): Promise<void> {
  const kv = await getKv();
  await recordDecline({
    kv,
    clock: systemClock,
    rules: async () => (await loadFraudRules(kv)).rules,
    alertOwner: (declines, minutes) =>
      raiseAlert({
        cause: CARD_TESTING_CAUSE,
        title: "Card testing suspected: the checkout breaker is open",
        detail: `${declines} payments were declined within ${minutes} minutes. New checkouts need the strict bot check or are paused (your Fraud rules say which) until declines stop for the quiet period.`,
        link: FRAUD_ADMIN_PATH,
        words: { kind: "cardTesting", values: { declines, minutes } },
      }),
  });
}

/** An order completed: its email is no longer a first purchase. */
export async function markShopCustomer(email: string): Promise<void> {
  await markCustomer(await getKv(), email);
}
