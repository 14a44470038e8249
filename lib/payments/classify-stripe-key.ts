// What money a Stripe API key moves, read from its prefix: secret (sk_) and restricted (rk_)
// keys, each live or test, are every kind that can call the API. Anything else (a publishable
// pk_ key, a webhook's whsec_, a typo) is refused at start rather than failing on a buyer's
// first payment.
import { err, ok, type Result } from "@/lib/result";

export interface StripeKeyKind {
  money: "live" | "test";
  prefix: "sk_live_" | "rk_live_" | "sk_test_" | "rk_test_";
}

const KINDS: readonly StripeKeyKind[] = [
  { money: "live", prefix: "sk_live_" },
  { money: "live", prefix: "rk_live_" },
  { money: "test", prefix: "sk_test_" },
  { money: "test", prefix: "rk_test_" },
];

export function classifyStripeKey(key: string): Result<StripeKeyKind, string> {
  const kind = KINDS.find(({ prefix }) => key.startsWith(prefix));
  if (kind) return ok(kind);
  // The key itself is a secret, so the message names only the setting.
  return err("STRIPE_SECRET_KEY is not a Stripe secret or restricted key: expected one starting with sk_live_, rk_live_, sk_test_ or rk_test_");
}
