// The purchase panel's call to POST /api/checkout, and its answer in the shape the panel shows:
// where to send the browser, or what went wrong and at which field.
import { readErrorBody } from "@/lib/http/read-error-body";
import type { Locale } from "@/lib/i18n/locales";

export interface CheckoutChoice {
  gameId: number;
  /** The denomination; null for a balance top-up. */
  voucherId: number | null;
  /** A balance top-up's amount as typed. */
  amount: string | null;
  account: string | null;
  activation: boolean;
  email: string;
  /** The bot check's token; null when the shop runs without one. */
  botToken: string | null;
  /** The page's language: the order's emails and link speak it. */
  locale: Locale;
}

/** What went wrong: the shop's own words for the order (English), or what the page says itself. */
export type CheckoutProblem =
  | { code: "unreachable" }
  | { code: "too_many"; seconds: number | null }
  | { code: "failed"; status: number }
  | { code: "refused"; message: string }
  /** Screening's answers (lib/fraud/checkout-screen.ts), said in the buyer's language. */
  | { code: "bot_check_failed" | "challenge_required" | "order_refused" | "checkout_paused" }
  /** Not sent: the bot check is not done yet. */
  | { code: "bot_check_pending" };

export type CheckoutOutcome = { ok: true; next: string } | { ok: false; field: string | null; problem: CheckoutProblem };

export function checkoutBody(choice: CheckoutChoice): Record<string, unknown> {
  return {
    game_id: choice.gameId,
    ...(choice.voucherId === null ? { amount: choice.amount ?? "" } : { voucher_id: choice.voucherId }),
    ...(choice.account === null ? {} : { account: choice.account }),
    ...(choice.activation ? { activation: true } : {}),
    email: choice.email.trim(),
    ...(choice.botToken === null ? {} : { bot_token: choice.botToken }),
    locale: choice.locale,
  };
}

export async function postCheckout(choice: CheckoutChoice): Promise<CheckoutOutcome> {
  let response: Response;
  try {
    response = await fetch("/api/checkout", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(checkoutBody(choice)),
    });
  } catch {
    return { ok: false, field: null, problem: { code: "unreachable" } };
  }
  return readCheckoutAnswer(response.status, await response.json().catch(() => null), response.headers.get("retry-after"));
}

type ScreenCode = "bot_check_failed" | "challenge_required" | "order_refused" | "checkout_paused";
const SCREEN_CODES = new Set<string>(["bot_check_failed", "challenge_required", "order_refused", "checkout_paused"] satisfies ScreenCode[]);

export function readCheckoutAnswer(status: number, body: unknown, retryAfter: string | null): CheckoutOutcome {
  const created = (body ?? {}) as { payment_url?: unknown; order_url?: unknown };
  if (status === 201 && typeof created.order_url === "string") {
    return { ok: true, next: typeof created.payment_url === "string" ? created.payment_url : created.order_url };
  }
  if (status === 429) {
    const seconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null;
    return { ok: false, field: null, problem: { code: "too_many", seconds } };
  }
  const refused = readErrorBody(body);
  if (refused && SCREEN_CODES.has(refused.error)) return { ok: false, field: null, problem: { code: refused.error as ScreenCode } };
  return refused
    ? { ok: false, field: refused.field ?? null, problem: { code: "refused", message: refused.message } }
    : { ok: false, field: null, problem: { code: "failed", status } };
}
