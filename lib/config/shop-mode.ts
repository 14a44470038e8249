// Demo or live, decided once from the environment. A demo shop runs on the embedded sandboxes;
// a live shop talks to a real upstream and takes real payments, so it must never start with
// half its settings, nor fall back to demo because a variable was forgotten on a serverless host.
import { err, ok, type Result } from "@/lib/result";
import { clientIpTrust } from "./client-ip-trust";
import { ConfigError, env, type Env } from "./env";

export type ShopMode = "demo" | "live";

export interface ModeProblem {
  code: "missing_settings" | "contradiction" | "mode_required";
  /** Every variable the operator has to set or unset, by name. */
  variables: string[];
  message: string;
}

const LIVE_REQUIRED = [
  "PARTNER_API_URL",
  "PARTNER_LOGIN",
  "PARTNER_API_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "SHOP_URL",
  "CHECKOUT_CODE_KEY",
] as const;

/** Instances of a serverless host share nothing on disk: a live shop there needs one shared KV. */
function hasSharedKv(config: Env): boolean {
  return Boolean(
    (config.KV_REST_API_URL && config.KV_REST_API_TOKEN) ||
      (config.UPSTASH_REDIS_REST_URL && config.UPSTASH_REDIS_REST_TOKEN) ||
      config.REDIS_URL,
  );
}

function problem(code: ModeProblem["code"], variables: string[], detail: string): ModeProblem {
  return { code, variables, message: `Invalid configuration: ${detail}` };
}

export function decideShopMode(config: Env): Result<ShopMode, ModeProblem> {
  const requested = config.SHOP_MODE;
  if (requested === "demo" && config.PARTNER_API_URL) {
    return err(problem("contradiction", ["SHOP_MODE", "PARTNER_API_URL"],
      "SHOP_MODE=demo uses the embedded sandbox, but PARTNER_API_URL names an upstream; unset one of them"));
  }
  if (requested === undefined && !config.PARTNER_API_URL) {
    if (config.VERCEL) {
      return err(problem("mode_required", ["SHOP_MODE", "PARTNER_API_URL"],
        "on a serverless host (VERCEL=1) set PARTNER_API_URL (and the live settings) for a live shop, or SHOP_MODE=demo for a demo"));
    }
    return ok("demo");
  }
  if (requested === "demo") return ok("demo");

  const missing: string[] = LIVE_REQUIRED.filter((name) => !config[name]);
  if (config.VERCEL && !hasSharedKv(config)) {
    missing.push("KV_REST_API_URL+KV_REST_API_TOKEN (or UPSTASH_REDIS_REST_URL+UPSTASH_REDIS_REST_TOKEN, or REDIS_URL)");
  }
  // No disk there either, so no local outbox: order links must go out by SMTP.
  if (config.VERCEL && !config.SMTP_URL) missing.push("SMTP_URL");
  if (missing.length > 0) {
    return err(problem("missing_settings", missing, `a live shop (SHOP_MODE=live or PARTNER_API_URL set) needs ${missing.join(", ")}`));
  }
  return ok("live");
}

/** Notes that do not stop the start but that an operator should see. */
export function modeWarnings(config: Env, mode: ShopMode): string[] {
  if (mode !== "live") return [];
  const warnings: string[] = [];
  if (config.PARTNER_API_URL?.startsWith("http:")) warnings.push("PARTNER_API_URL uses plain http: the partner credentials and tokens travel unencrypted");
  // Safe, since no caller can pick an address; but buyers behind a proxy would all share the checkout's limit.
  if (clientIpTrust(config).kind === "none") {
    warnings.push("no client address is trusted (TRUSTED_PROXY_HOPS unset or 0, not on Vercel): every client shares one per-address limit and audit rows say unknown; set TRUSTED_PROXY_HOPS to the number of proxies in front of the shop");
  }
  return warnings;
}

let cached: ShopMode | undefined;

/** The process's mode; throws ConfigError (checked at start by instrumentation.ts). */
export function shopMode(): ShopMode {
  if (cached) return cached;
  const decided = decideShopMode(env());
  if (!decided.ok) throw new ConfigError(decided.error.message);
  cached = decided.value;
  return cached;
}
