// Which bot check the checkout runs, decided from the configuration once, at start. A demo runs
// the emulation (lib/turnstile-sandbox) with its own keys. A live shop runs Cloudflare
// Turnstile and needs both of its keys; one without them does not start, naming them, unless
// the owner says BOT_CHECK=off: taking checkouts without a bot check is then their explicit
// choice, never what a forgotten variable silently does.
import type { Env } from "@/lib/config/env";
import type { ShopMode } from "@/lib/config/shop-mode";
import { err, ok, type Result } from "@/lib/result";

export type BotCheckSetting = { kind: "turnstile"; siteKey: string; secretKey: string } | { kind: "sandbox" } | { kind: "off" };

export const TURNSTILE_SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js";
export const TURNSTILE_SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

export function botCheckSetting(config: Pick<Env, "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY" | "BOT_CHECK">, mode: ShopMode): Result<BotCheckSetting, string> {
  if (config.BOT_CHECK === "off") return ok({ kind: "off" });
  const { TURNSTILE_SITE_KEY: siteKey, TURNSTILE_SECRET_KEY: secretKey } = config;
  if (siteKey && secretKey) return ok({ kind: "turnstile", siteKey, secretKey });
  if (siteKey || secretKey) return err(`the bot check needs both TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY (only ${siteKey ? "the site key" : "the secret key"} is set)`);
  if (mode === "demo") return ok({ kind: "sandbox" });
  return err("a live shop needs TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY for the checkout's bot check (Cloudflare Turnstile), or BOT_CHECK=off to take checkouts without one");
}
