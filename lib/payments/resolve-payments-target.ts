// The one place that decides whether the shop pays through Stripe or through the payments
// sandbox; everything after it uses the same stripe package and code path. Live keys never
// meet the sandbox unless PARTNER_TEST_MODE=1, so fake money can never buy a real code.
import type { Env } from "@/lib/config/env";
import { err, ok, type Result } from "@/lib/result";

export type PaymentsTarget =
  | { kind: "stripe"; secretKey: string }
  | { kind: "sandbox-http"; secretKey: string; url: URL }
  | { kind: "sandbox-embedded"; secretKey: string };

/** Any sk_test_ key works with the sandbox; this one is used when none is configured. */
export const SANDBOX_SECRET_KEY = "sk_test_payments_sandbox";

export type PaymentsTargetEnv = Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_URL" | "PARTNER_TEST_MODE">;

export function resolvePaymentsTarget(env: PaymentsTargetEnv): Result<PaymentsTarget, string> {
  const key = env.STRIPE_SECRET_KEY;
  const sandbox = !key || env.STRIPE_API_URL !== undefined;
  if (sandbox && key?.startsWith("sk_live_") && !env.PARTNER_TEST_MODE) {
    return err("STRIPE_SECRET_KEY is a live key but payments go to the sandbox (STRIPE_API_URL); refused unless PARTNER_TEST_MODE=1");
  }
  if (env.STRIPE_API_URL) {
    // The sandbox accepts only test keys; a live key allowed by PARTNER_TEST_MODE is not sent to it.
    const secretKey = key?.startsWith("sk_test_") ? key : SANDBOX_SECRET_KEY;
    return ok({ kind: "sandbox-http", secretKey, url: new URL(env.STRIPE_API_URL) });
  }
  if (!key) return ok({ kind: "sandbox-embedded", secretKey: SANDBOX_SECRET_KEY });
  return ok({ kind: "stripe", secretKey: key });
}
