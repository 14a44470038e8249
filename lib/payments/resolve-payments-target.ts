// The one place that decides whether the shop pays through Stripe or through the payments
// sandbox; everything after it uses the same stripe package and code path. A live shop pays
// in the sandbox only with PARTNER_TEST_MODE=1 (then upstream debits nothing either), so fake
// money can never buy a real code; a demo shop never takes real money.
import type { Env } from "@/lib/config/env";
import type { ShopMode } from "@/lib/config/shop-mode";
import { err, ok, type Result } from "@/lib/result";

export type PaymentsTarget =
  | { kind: "stripe"; secretKey: string }
  | { kind: "sandbox-http"; secretKey: string; url: URL }
  | { kind: "sandbox-embedded"; secretKey: string };

/** Any sk_test_ key works with the sandbox; this one is used when none is configured. */
export const SANDBOX_SECRET_KEY = "sk_test_payments_sandbox";

export type PaymentsTargetEnv = Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_URL" | "PARTNER_TEST_MODE">;

export function resolvePaymentsTarget(env: PaymentsTargetEnv, mode: ShopMode): Result<PaymentsTarget, string> {
  const key = env.STRIPE_SECRET_KEY;
  const sandbox = !key || env.STRIPE_API_URL !== undefined;
  if (mode === "live" && sandbox && !env.PARTNER_TEST_MODE) {
    return err("a live shop with payments in the sandbox (STRIPE_API_URL, or no STRIPE_SECRET_KEY) is refused unless PARTNER_TEST_MODE=1");
  }
  if (mode === "demo" && key?.startsWith("sk_live_")) {
    return err("STRIPE_SECRET_KEY is a live key in a demo shop: a demo takes no real money");
  }
  if (env.STRIPE_API_URL) {
    // The sandbox accepts only test keys; a live key allowed by PARTNER_TEST_MODE is not sent to it.
    const secretKey = key?.startsWith("sk_test_") ? key : SANDBOX_SECRET_KEY;
    return ok({ kind: "sandbox-http", secretKey, url: new URL(env.STRIPE_API_URL) });
  }
  if (!key) return ok({ kind: "sandbox-embedded", secretKey: SANDBOX_SECRET_KEY });
  return ok({ kind: "stripe", secretKey: key });
}
