// Why a checkout could not start, in the buyer's language (codes from post-checkout.ts); only a
// refusal the shop words itself stays in English. A top-up's problems: lib/i18n/top-up-problem-words.ts.
import type { Translator } from "@/lib/i18n/translator";
import type { CheckoutProblem } from "./post-checkout";

export function checkoutProblemInWords(t: Translator, problem: CheckoutProblem): string {
  switch (problem.code) {
    case "unreachable":
      return t("checkout.unreachable");
    case "too_many":
      return t("checkout.tooMany", { seconds: problem.seconds ?? 0 });
    case "failed":
      return t("checkout.failed", { status: problem.status });
    case "refused":
      return problem.message;
    case "bot_check_failed":
      return t("checkout.botCheckFailed");
    case "bot_check_pending":
      return t("checkout.botCheckPending");
    case "challenge_required":
      return t("checkout.challengeRequired");
    case "order_refused":
      return t("checkout.orderRefused");
    case "checkout_paused":
      return t("checkout.checkoutPaused");
  }
}
