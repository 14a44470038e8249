// All configuration, read and validated once. A bad value stops the process with a message
// that names the variable, rather than surfacing later as a confusing upstream error.
import { z } from "zod";
import { authSecretSchema } from "@/lib/security/secret-strength";
import { passwordHashSchema } from "@/lib/security/password-hash";
import { isKnownCurrency } from "@/lib/money/currency";
import { rateLimitSettingSchema } from "@/lib/config/rate-limit-setting";

const flag = z
  .enum(["0", "1", "true", "false"], { error: "expected 0, 1, true or false" })
  .transform((v) => v === "1" || v === "true");

const optionalText = z.string().trim().min(1).optional();

const decimalText = (example: string) =>
  z.string().trim().regex(/^\d+(\.\d{1,8})?$/, { error: `expected a plain decimal such as ${example}` });

/** `EUR:1.08,GBP:1.27` → { EUR: "1.08", GBP: "1.27" }: store-currency units per unit of each. */
const exchangeRates = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const rates: Record<string, string> = {};
    for (const pair of text.split(",").map((p) => p.trim()).filter(Boolean)) {
      const match = /^([A-Z]{3})\s*[:=]\s*(\d+(?:\.\d{1,8})?)$/.exec(pair);
      if (!match?.[1] || !match[2]) {
        ctx.addIssue({ code: "custom", message: `"${pair}" is not CUR:rate (e.g. EUR:1.08)` });
        return z.NEVER;
      }
      // A zero rate would price everything at nothing: refused at start, never at checkout.
      if (!/[1-9]/.test(match[2])) {
        ctx.addIssue({ code: "custom", message: `"${pair}": the rate for ${match[1]} must be above 0` });
        return z.NEVER;
      }
      if (!isKnownCurrency(match[1])) {
        ctx.addIssue({ code: "custom", message: `"${pair}": ${match[1]} is not an ISO 4217 currency code` });
        return z.NEVER;
      }
      rates[match[1]] = match[2];
    }
    return rates;
  });

/** A 256-bit key written as base64, base64url or hex. */
const codeKey = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const bytes = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
    if (bytes.length !== 32) {
      ctx.addIssue({ code: "custom", message: `expected 32 bytes in base64 or hex (got ${bytes.length}); make one with: openssl rand -base64 32` });
      return z.NEVER;
    }
    return new Uint8Array(bytes);
  });

/**
 * A Partner API timeout in whole seconds. The cap catches milliseconds written by mistake
 * (15000 for 15 s), which would hold a buyer and the call's locks for hours.
 */
const wholeSeconds = z.coerce
  .number({ error: "expected a number of seconds" })
  .int({ error: "expected whole seconds" })
  .min(1, { error: "expected at least 1 second" })
  .max(600, { error: "expected at most 600 seconds (is it in milliseconds?)" });

const restUrl = z.url({ protocol: /^https?$/, error: "expected an absolute http(s) URL" });


const DURATION_UNITS_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "1h,1d,7d" → milliseconds, ascending; "none" → []. */
const durationList = z
  .string()
  .trim()
  .transform((text, context) => {
    if (text === "none") return [];
    const parts = text.split(",").map((part) => /^(\d+)([smhd])$/.exec(part.trim()));
    if (parts.some((part) => part === null)) {
      context.addIssue({ code: "custom", message: 'expected durations like 1h,1d,7d (s, m, h or d), or "none"' });
      return z.NEVER;
    }
    const values = parts.map((part) => Number(part?.[1]) * DURATION_UNITS_MS[part?.[2] as keyof typeof DURATION_UNITS_MS]);
    if (values.some((value, index) => value <= 0 || (index > 0 && value <= (values[index - 1] ?? 0)))) {
      context.addIssue({ code: "custom", message: "expected positive durations in ascending order" });
      return z.NEVER;
    }
    return values;
  });

export const envSchema = z.object({
  /** demo (embedded sandboxes) or live (a real upstream); unset means "live iff PARTNER_API_URL". */
  SHOP_MODE: z.enum(["demo", "live"], { error: "expected demo or live" }).optional(),
  /** Set to 1 by serverless hosts (Vercel): there an unset SHOP_MODE never means demo. */
  VERCEL: z.string().optional().transform((v) => v === "1"),
  /** Set by Vercel: the production domain (no scheme); the public origin there when SHOP_URL is unset. */
  VERCEL_PROJECT_PRODUCTION_URL: z.string().trim().regex(/^[\w.-]+(:\d+)?$/, { error: "expected a host name such as shop.vercel.app" }).optional(),
  /** Proxies in front of the shop that append the address they saw to X-Forwarded-For; unset: Vercel's own header there, else no address is trusted (lib/rate-limit/client-ip). */
  TRUSTED_PROXY_HOPS: z.coerce
    .number({ error: "expected the number of proxies in front of the shop, such as 1" })
    .int({ error: "expected the number of proxies in front of the shop, such as 1" })
    .min(0, { error: "expected 0 or more proxies" })
    .max(10, { error: "expected at most 10 proxies" })
    .optional(),
  /** Base URL of the Partner API; unset means the embedded sandbox mounted at /sandbox. */
  PARTNER_API_URL: z.url({ protocol: /^https?$/, error: "expected an absolute http(s) URL" }).optional(),
  PARTNER_LOGIN: optionalText,
  PARTNER_API_KEY: optionalText,
  /** Send test=1 with every /api/pay: nothing is debited and no supplier is contacted. */
  PARTNER_TEST_MODE: flag.default(false),
  /** Timeout of each Partner API attempt; unset: the client's 15 s. Fitted with the next two to the host's function limit. */
  PARTNER_TIMEOUT_SECONDS: wholeSeconds.optional(),
  /** Timeout of each /api/pay and /api/order_update attempt; unset: the client's 75 s (the service may wait 60 s). */
  PARTNER_PAY_TIMEOUT_SECONDS: wholeSeconds.optional(),
  /** Extra attempts after a transient failure of a Partner API call that is safe to repeat; unset: the client's 2. */
  PARTNER_RETRIES: z.coerce
    .number({ error: "expected a number of retries" })
    .int({ error: "expected a whole number of retries" })
    .min(0, { error: "expected 0 or more retries" })
    .max(10, { error: "expected at most 10 retries" })
    .optional(),
  /** Shared secret upstream sends in x-notify-secret to POST /api/webhooks/partner; unset refuses notifications (demo makes one). */
  PARTNER_NOTIFY_SECRET: optionalText,
  /** Fixture for the sandbox (docs/sandbox-fixture.md); unset means the bundled default. */
  SANDBOX_FIXTURE: optionalText,
  PORT: z.coerce.number({ error: "expected a port number" }).int().min(1).max(65535).default(3000),
  /** Upstash REST endpoint, as the serverless host's KV integration names it (lib/kv). */
  KV_REST_API_URL: restUrl.optional(),
  KV_REST_API_TOKEN: optionalText,
  /** The same endpoint under Upstash's own names; used when the KV_* pair is unset. */
  UPSTASH_REDIS_REST_URL: restUrl.optional(),
  UPSTASH_REDIS_REST_TOKEN: optionalText,
  /** Redis over TCP, e.g. redis://localhost:6379 or rediss://user:pass@host:6380/0. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "expected a redis:// or rediss:// URL" }).optional(),
  /** Folder of the embedded store, used when no Redis is configured. */
  KV_DATA_DIR: z.string().trim().min(1).default("./data/kv"),
  /** Prepended to every key, so several shops (or test runs) can share one Redis. */
  KV_PREFIX: z.string().regex(/^[\w:.-]+$/, { error: "expected letters, digits, _ : . or -" }).optional(),
  /** How long a cached copy of the upstream catalogue counts as fresh (lib/catalog). */
  CATALOG_TTL_SECONDS: z.coerce.number({ error: "expected a number of seconds" }).int().min(1).max(86_400).default(300),
  /** Product ids (upstream service ids) shown first under "Recommended", e.g. 426,101; until the admin sets them. */
  SHOP_FEATURED: z
    .string()
    .trim()
    .regex(/^(\d+(\s*,\s*\d+)*)?$/, { error: "expected product ids separated by commas, such as 426,101" })
    .transform((text) => (text ? text.split(",").map((id) => Number(id.trim())) : []))
    .default([]),
  /** Whether services upstream adds after the owner last reviewed appear at once or wait hidden for the owner (lib/catalog/presentation). */
  CATALOG_NEW_SERVICES: z.enum(["visible", "hidden"], { error: "expected visible or hidden" }).default("visible"),
  /** Hosts a product image URL may point at, comma-separated, e.g. cdn.example.com,images.example.net; images in public/ need none. */
  SHOP_IMAGE_HOSTS: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^([a-z0-9-]+(\.[a-z0-9-]+)+(\s*,\s*[a-z0-9-]+(\.[a-z0-9-]+)+)*)?$/, { error: "expected host names separated by commas, such as cdn.example.com" })
    .transform((text) => (text ? text.split(",").map((host) => host.trim()) : []))
    .default([]),
  /** ISO 4217 code of the currency buyers pay in. */
  STORE_CURRENCY: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, { error: "expected a 3-letter currency code such as USD" })
    .refine(isKnownCurrency, { error: (issue) => `${String(issue.input)} is not an ISO 4217 currency code` })
    .default("USD"),
  /** Rates from upstream currencies to the store currency; the store currency itself is 1. */
  EXCHANGE_RATES: exchangeRates.default({}),
  /** Default markup over upstream cost, in percent. */
  PRICE_MARKUP_PERCENT: decimalText("8 or 7.5").default("10"),
  /** The payment provider's fee as the first pricing rules estimate it, e.g. 2.9%+0.30 (store currency); margins are checked after it. */
  PRICE_PAYMENT_FEE: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,8})?%(\s*\+\s*\d+(\.\d{1,8})?)?$/, { error: "expected a percent and an optional fixed amount, such as 2.9%+0.30" })
    .transform((text) => {
      const [percent = "0", fixed = "0"] = text.split("+").map((part) => part.trim().replace("%", ""));
      return { percent, fixed };
    })
    .default({ percent: "0", fixed: "0" }),
  /** An exchange rate older than this many hours is flagged to the owner. */
  PRICE_RATE_MAX_AGE_HOURS: z.coerce.number({ error: "expected a number of hours" }).int().min(1).max(8760).default(168),
  /** Player checks per client IP, e.g. 30/60s: each one spends upstream quota that /api/pay shares. */
  PLAYER_CHECK_RATE_LIMIT: rateLimitSettingSchema.prefault("30/60s"),
  /** Stripe secret or restricted key (sk_live_, rk_live_, sk_test_, rk_test_; which fits which shop: lib/payments); unset means the embedded payments sandbox. Required live. */
  STRIPE_SECRET_KEY: optionalText,
  /** Secret that signs Stripe webhooks (whsec_…), shared by the payments sandbox and the shop. */
  STRIPE_WEBHOOK_SECRET: z.string().trim().regex(/^whsec_\S+$/, { error: "expected a whsec_… secret" }).optional(),
  /** A Stripe-compatible API to talk to instead of Stripe, e.g. http://127.0.0.1:12111 (npm run stripe-sandbox). */
  STRIPE_API_URL: restUrl.optional(),
  /** Where the standalone or embedded payments sandbox POSTs its webhooks. */
  STRIPE_SANDBOX_WEBHOOK_URL: restUrl.optional(),
  /** How long a sandbox authorization holds before it lapses; 7 days, like a card hold. */
  STRIPE_SANDBOX_AUTH_LAPSE_SECONDS: z.coerce.number({ error: "expected a number of seconds" }).int().min(1).default(604_800),
  /** The shop's public origin, e.g. https://shop.example: order links, emails and payment return pages. Required live. */
  SHOP_URL: z
    .url({ protocol: /^https?$/, error: "expected the shop's absolute http(s) origin, e.g. https://shop.example" })
    .transform((url) => new URL(url).origin)
    .optional(),
  /** 32 random bytes (base64 or hex) that seal delivered codes at rest. Required live; demo keeps its own. */
  CHECKOUT_CODE_KEY: codeKey.optional(),
  /** How long upstream holds a reservation (/api/pay request=1); the service does not say. Demo: the fixture's. */
  CHECKOUT_RESERVATION_SECONDS: z.coerce.number({ error: "expected a number of seconds" }).int().min(60).max(7 * 86_400).optional(),
  /** Lifetime of the payment page; Stripe accepts 30 minutes or more, and it is cut short to end inside the reservation. */
  CHECKOUT_SESSION_MINUTES: z.coerce.number({ error: "expected a number of minutes" }).int().min(30).max(60).default(30),
  /** How far upstream's amount_charged may exceed the quoted cost before a reservation is released, in percent. */
  CHECKOUT_PRICE_TOLERANCE_PERCENT: z.coerce.number({ error: "expected a percentage" }).min(0).max(100).default(0),
  /** When a completed order is read upstream again for a refund nobody notified, after completion: e.g. 1h,1d,7d; "none" for never. */
  CHECKOUT_COMPLETED_RECHECKS: durationList.prefault("1h,1d,7d"),
  /** Cloudflare Turnstile's site key, rendered with the checkout's bot check. Required live with the secret, unless BOT_CHECK=off. */
  TURNSTILE_SITE_KEY: optionalText,
  /** Cloudflare Turnstile's secret key, sent to siteverify with each checkout's token. */
  TURNSTILE_SECRET_KEY: optionalText,
  /** "turnstile" (the default: Cloudflare's, or its emulation in a demo) or "off": the owner's explicit choice to take checkouts without a bot check. */
  BOT_CHECK: z.enum(["turnstile", "off"], { error: "expected turnstile or off" }).default("turnstile"),
  /** Which comparisons with face value buyers see next to a price: all ("Save 5%", "8% over face value"), savings only, or none. */
  SHOP_FACE_VALUE_COMPARISON: z.enum(["all", "savings", "none"], { error: "expected all, savings or none" }).default("savings"),
  /** Checkouts per client IP, e.g. 10/60s. */
  CHECKOUT_RATE_LIMIT: rateLimitSettingSchema.prefault("10/60s"),
  /** "Email me my orders" requests per client IP, e.g. 10/1h: each one sends a mail. */
  ORDER_LINKS_RATE_LIMIT: rateLimitSettingSchema.prefault("10/1h"),
  /** "Email me my orders" requests per address, from any IP, e.g. 3/1h: nobody can flood a mailbox. */
  ORDER_LINKS_ADDRESS_LIMIT: rateLimitSettingSchema.prefault("3/1h"),
  /** Payments per /api/revise call when reconciling; the Partner API takes at most 10,000 (and 1 MiB, which the batches also respect). */
  RECONCILE_BATCH_SIZE: z.coerce.number({ error: "expected a number of payments" }).int().min(1).max(10_000, { error: "the Partner API takes at most 10,000 payments per /api/revise call" }).default(5_000),
  /** Bearer token the cron sweep route requires (Vercel sends it as Authorization: Bearer …); unset refuses the route. */
  CRON_SECRET: optionalText,
  /** QStash's API (Upstash's own name); unset means Upstash's. Tests and the demo point it at the emulation (lib/qstash-sandbox). */
  QSTASH_URL: z.url({ protocol: /^https?$/, error: "expected QStash's http(s) URL, such as https://qstash.upstash.io" }).optional(),
  /** QStash's token: with it, each order deadline is a delayed QStash message (lib/scheduler). Required live on a serverless host. */
  QSTASH_TOKEN: optionalText,
  /** The two keys QStash signs its deliveries with (Upstash console → QStash → Signing keys); both required with QSTASH_TOKEN. */
  QSTASH_CURRENT_SIGNING_KEY: optionalText,
  QSTASH_NEXT_SIGNING_KEY: optionalText,
  /** Where order emails go out, e.g. smtp://user:pass@smtp.example:587; unset writes them to OUTBOX_DIR. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "expected an smtp:// or smtps:// URL" }).optional(),
  /** The sender of order emails. */
  MAIL_FROM: z.string().trim().min(3).default("Voucher Storefront <orders@localhost>"),
  /** Folder of the local outbox (one .eml file per email) when SMTP_URL is unset. */
  OUTBOX_DIR: z.string().trim().min(1).default("./data/outbox"),
  /** The first owner of the admin (lib/auth); more people are invited from the admin. Required live. */
  ADMIN_EMAIL: z.email({ error: "expected the owner's email address" }).trim().toLowerCase().optional(),
  /** The owner's password as `npm run admin:hash` prints it (scrypt); never the password itself. Required live. */
  ADMIN_PASSWORD_HASH: passwordHashSchema.optional(),
  /** Signs and encrypts admin sessions; 32 random characters or more (openssl rand -base64 32), no published or patterned value. Required live; demo keeps its own. */
  AUTH_SECRET: authSecretSchema.optional(),
  /** Admin sign-in attempts per account, from any address, e.g. 10/15m: slows guessing one person's password. */
  ADMIN_SIGN_IN_LIMIT_ACCOUNT: rateLimitSettingSchema.prefault("10/15m"),
  /** Admin sign-in attempts per client IP, for any account, e.g. 30/15m: slows one address trying many people. */
  ADMIN_SIGN_IN_LIMIT_IP: rateLimitSettingSchema.prefault("30/15m"),
  /** Who receives the owner's alerts by email; unset: ADMIN_EMAIL (a demo: the demo owner). */
  ALERT_EMAIL: z.email({ error: "expected an email address for alerts" }).trim().toLowerCase().optional(),
  /** A URL that receives each alert as a JSON POST (text + fields, e.g. a chat's incoming webhook); https in a live shop. */
  ALERT_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: "expected an absolute https URL (http only in a demo)" }).optional(),
  /** One alert per cause per this many minutes: a cause that keeps happening is sent again only after it. */
  ALERT_WINDOW_MINUTES: z.coerce.number({ error: "expected a number of minutes" }).int({ error: "expected whole minutes" }).min(1, { error: "expected at least 1 minute" }).max(10_080, { error: "expected at most 10080 minutes (a week)" }).default(60),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parse an environment; empty strings count as unset, as most hosts' UIs produce them. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  // An alert webhook carries order ids and the shop's troubles: a live shop sends it encrypted.
  // (Live as shop-mode.ts decides it; a contradictory mode is refused there.)
  const live = result.data.SHOP_MODE === "live" || (result.data.SHOP_MODE === undefined && result.data.PARTNER_API_URL !== undefined);
  if (live && result.data.ALERT_WEBHOOK_URL?.startsWith("http:")) {
    throw new ConfigError("Invalid configuration:\n  ALERT_WEBHOOK_URL: expected an https URL in a live shop (http only in a demo)");
  }
  // Which settings go together (a live shop needs credentials, payments, KV) is decided in
  // shop-mode.ts, so that one message can name everything that is missing.
  return result.data;
}

let cached: Env | undefined;

/** The process's configuration, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
