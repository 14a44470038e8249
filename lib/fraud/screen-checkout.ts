// Screening before anything is reserved: the card-testing breaker, the bot check, the
// blocklist and the velocity caps, in that order of cost to the shop. The reads (the owner's
// rules, the blocklist's index, the breaker, the bot check's one verification) start with the
// checkout's quote and share its round trips; the velocity count, one script, is handed back to
// be sent beside the checkout's first write, so screening adds no round trip (and on the
// embedded store no commit) of its own. A refusal is recorded for the owner with the rule that
// hit; the buyer hears only one of four plain answers (checkout-screen.ts).
import { ulid } from "ulid";
import type { CheckoutScreen, ScreenedCheckout, ScreenRefusal } from "./checkout-screen";
import type { Kv } from "@/lib/kv/kv";
import type { Money } from "@/lib/money";
import { err, ok, type Result } from "@/lib/result";
import type { Clock } from "@/lib/time/clock";
import type { BlockEntry, BlockPort } from "./block-port";
import { breakerOpen } from "./breaker";
import { countVelocity, withdrawVelocity } from "./count-velocity";
import { convertAmountCaps, type CapsRate, type RulesInCurrency } from "./caps-currency";
import type { FraudRules } from "./fraud-rules";
import type { RefusalDetail } from "./refusal-detail";
import { recordRefusal, type Refusal } from "./refusal-log";
import { verifyBotToken, type BotCheckConfig, type BotCheckProblem } from "./verify-bot-token";

export const CHECKOUT_ACTION = "checkout";
/** The action the widget is solved for while the breaker asks for the strictest check. */
export const STRICT_CHECKOUT_ACTION = "checkout-strict";

export interface ScreeningDeps {
  kv: Kv;
  clock: Clock;
  blocklist: BlockPort;
  /** The owner's rules with the currency their amount caps are in. */
  rules(): Promise<RulesInCurrency>;
  /**
   * Units of `to` per unit of `from` at the rate the prices convert with; null when they give
   * none. Asked only when a price is in another currency than the caps (decision 215).
   */
  capsRate(from: string, to: string): Promise<CapsRate | null>;
  /** null: the shop runs without a bot check (an owner's explicit choice in a live shop). */
  botCheck: BotCheckConfig | null;
  /** The client's address as the deployment's trusted proxies saw it; null when no header is trusted. */
  clientIp(headers: Headers): string | null;
  /** The platform's country of that address; null when it has none or is not trusted. */
  clientCountry(headers: Headers): string | null;
}

export const SCREEN_REFUSALS = {
  bot_check_failed: { code: "bot_check_failed", message: "We could not confirm that a person is ordering. Complete the check and try again; nothing was charged." },
  challenge_required: { code: "challenge_required", message: "We need one more check before taking this order. Complete it and try again; nothing was charged." },
  order_refused: { code: "order_refused", message: "We cannot take this order right now; nothing was charged. If you think this is a mistake, contact the shop." },
  checkout_paused: { code: "checkout_paused", message: "Checkout is paused for a few minutes; nothing was charged. Try again later." },
} as const satisfies Record<ScreenRefusal["code"], ScreenRefusal>;

interface Facts {
  rules: RulesInCurrency;
  blocked: BlockEntry | null;
  breaker: boolean;
  bot: Result<string, BotCheckProblem> | null;
}

/** What was wrong with the bot check's token; "—" where siteverify named no host or action. */
function botDetail(problem: BotCheckProblem): RefusalDetail {
  switch (problem.code) {
    case "missing":
      return { kind: "botMissing", values: {} };
    case "refused":
      return problem.errors.length > 0 ? { kind: "botRefused", values: { errors: problem.errors.join(", ") } } : { kind: "botNotSuccessful", values: {} };
    case "wrong_hostname":
      return { kind: "botWrongHostname", values: { hostname: problem.hostname ?? "—" } };
    case "wrong_action":
      return { kind: "botWrongAction", values: { action: problem.action ?? "—" } };
    case "unavailable":
      return { kind: "botUnavailable", values: { message: problem.message } };
  }
}

/** The blocklist entry that matched, with the owner's reason when they gave one. */
function blockedDetail(entry: BlockEntry): RefusalDetail {
  const values = { blockKind: entry.kind, value: entry.value };
  return entry.reason ? { kind: "blockedBecause", values: { ...values, reason: entry.reason } } : { kind: "blocked", values };
}

export function checkoutScreening(deps: ScreeningDeps): CheckoutScreen {
  return {
    begin(request: Request, body: ScreenedCheckout) {
      const ip = deps.clientIp(request.headers);
      const country = deps.clientCountry(request.headers);
      const account = body.account ?? null;
      const facts: Promise<Facts> = Promise.all([
        deps.rules(),
        deps.blocklist.match({ email: body.email, ...(ip && { ip }), ...(country && { country }), ...(account && { account }) }),
        breakerOpen(deps.kv),
        deps.botCheck ? verifyBotToken(deps.botCheck, { token: body.bot_token, remoteIp: ip, actions: [CHECKOUT_ACTION, STRICT_CHECKOUT_ACTION] }) : null,
      ]).then(([rules, blocked, breaker, bot]) => ({ rules, blocked, breaker, bot }));
      // Judged only once the quote is through; a quote that fails leaves these reads unread.
      facts.catch(() => undefined);

      async function refuse(code: ScreenRefusal["code"], rule: string, detail: RefusalDetail, amount: Money | null): Promise<Result<never, ScreenRefusal>> {
        const refusal: Refusal = { id: ulid(), at: deps.clock.now(), rule, detail, email: body.email.toLowerCase(), ip, country, account, amount };
        await recordRefusal(deps.kv, refusal).catch((error: unknown) => console.warn("[fraud] refusal not recorded:", error));
        return err(SCREEN_REFUSALS[code]);
      }

      /** The rules with the amount caps in the price's currency; null when no rate converts them. */
      async function rulesIn(stored: RulesInCurrency, currency: string): Promise<FraudRules | null> {
        if (stored.currency === currency) return stored.rules;
        const rate = await deps.capsRate(stored.currency, currency);
        return rate ? convertAmountCaps(stored.rules, rate) : null;
      }

      return {
        async judge(price) {
          const { rules: stored, blocked, breaker, bot } = await facts;
          const { rules } = stored;
          const strict = breaker && rules.breakerAction === "challenge";
          if (breaker && rules.breakerAction === "pause") return refuse("checkout_paused", "breaker_pause", { kind: "breakerPause", values: {} }, price);
          if (bot && !bot.ok) return refuse("bot_check_failed", "bot_check", botDetail(bot.error), price);
          if (bot && strict && bot.value !== STRICT_CHECKOUT_ACTION) return refuse("challenge_required", "breaker_challenge", { kind: "breakerChallenge", values: {} }, price);
          if (blocked) return refuse("order_refused", "blocklist", blockedDetail(blocked), price);
          const caps = await rulesIn(stored, price.currency);
          // A cap nobody can say in the price's currency is not waved through: card testing
          // would walk through the gap. The owner's Fraud page says why and how to end it.
          if (!caps) return refuse("order_refused", "caps_currency", { kind: "capsCurrency", values: { caps: stored.currency, price: price.currency } }, price);
          const subject = { email: body.email, ip, account, amount: price };
          return ok(async () => {
            // One instant for the count and its withdrawal: both name the same windows.
            const countedAt = deps.clock.now();
            const verdict = await countVelocity({ kv: deps.kv, clock: { now: () => countedAt } }, caps, { ...subject, token: bot ? (body.bot_token ?? null) : null });
            if (verdict === "ok") return ok({ withdraw: () => withdrawVelocity(deps.kv, subject, countedAt) });
            if (verdict === "token_reused") return refuse("bot_check_failed", "token_reused", { kind: "tokenReused", values: {} }, price);
            return refuse("order_refused", verdict, { kind: "overCap", values: { cap: verdict } }, price);
          });
        },
      };
    },
  };
}
