// The one place that decides whether the shop pays through Stripe or through the payments
// sandbox; everything after it uses the same stripe package and code path. Live money only
// buys from a real upstream (a live shop without PARTNER_TEST_MODE), and test money only pays
// for test orders (PARTNER_TEST_MODE=1) or the sandboxes. Otherwise test cards buy real codes,
// or real money buys codes that are not real.
import type { Env } from "@/lib/config/env";
import type { ShopMode } from "@/lib/config/shop-mode";
import { err, ok, type Result } from "@/lib/result";
import { classifyStripeKey, type StripeKeyKind } from "./classify-stripe-key";

export type PaymentsTarget =
  | { kind: "stripe"; secretKey: string }
  | { kind: "sandbox-http"; secretKey: string; url: URL }
  | { kind: "sandbox-embedded"; secretKey: string };

/** Any sk_test_ key works with the sandbox; this one is used when none is configured. */
export const SANDBOX_SECRET_KEY = "sk_test_payments_sandbox";

export type PaymentsTargetEnv = Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_URL" | "PARTNER_TEST_MODE">;

/** Why this key may not take payments in this shop, or undefined when it may. */
function contradiction(kind: StripeKeyKind, env: PaymentsTargetEnv, mode: ShopMode): string | undefined {
  if (mode === "demo") {
    return kind.money === "live"
      ? `STRIPE_SECRET_KEY is a live key (${kind.prefix}) in a demo shop: real money would buy sandbox codes; set a test key (sk_test_ or rk_test_) or unset it`
      : undefined;
  }
  if (kind.money === "test" && !env.PARTNER_TEST_MODE) {
    return `STRIPE_SECRET_KEY is a test key (${kind.prefix}) but the shop is live with a real upstream: test cards would buy real codes; set a live key (sk_live_ or rk_live_) or PARTNER_TEST_MODE=1`;
  }
  if (kind.money === "live" && env.PARTNER_TEST_MODE) {
    return `STRIPE_SECRET_KEY is a live key (${kind.prefix}) but PARTNER_TEST_MODE=1 places only test orders: real money would buy test codes; set a test key (sk_test_ or rk_test_) or unset PARTNER_TEST_MODE`;
  }
  return undefined;
}

export function resolvePaymentsTarget(env: PaymentsTargetEnv, mode: ShopMode): Result<PaymentsTarget, string> {
  const key = env.STRIPE_SECRET_KEY;
  const sandbox = !key || env.STRIPE_API_URL !== undefined;
  if (mode === "live" && sandbox && !env.PARTNER_TEST_MODE) {
    return err("a live shop with payments in the sandbox (STRIPE_API_URL, or no STRIPE_SECRET_KEY) is refused unless PARTNER_TEST_MODE=1");
  }
  if (key) {
    const kind = classifyStripeKey(key);
    if (!kind.ok) return kind;
    // A live shop's key never reaches the sandbox (below), so PARTNER_TEST_MODE with
    // STRIPE_API_URL may leave a live key configured; a demo's settings never hold one.
    const refused = mode === "live" && env.STRIPE_API_URL ? undefined : contradiction(kind.value, env, mode);
    if (refused) return err(refused);
  }
  if (env.STRIPE_API_URL) {
    // The sandbox accepts only sk_test_ keys: a live key is never sent to it, and a restricted
    // test key would be refused.
    const secretKey = key?.startsWith("sk_test_") ? key : SANDBOX_SECRET_KEY;
    return ok({ kind: "sandbox-http", secretKey, url: new URL(env.STRIPE_API_URL) });
  }
  if (!key) return ok({ kind: "sandbox-embedded", secretKey: SANDBOX_SECRET_KEY });
  return ok({ kind: "stripe", secretKey: key });
}
