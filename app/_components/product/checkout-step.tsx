"use client";
// The last step on the product page: where to send the order link, automatic activation where
// the service offers it, and the pay button. It opens the payment page; nothing is charged
// until the code is delivered.
import { useClientLocale, useClientWords } from "../i18n/client-words";
import { useId, useRef, useState, type KeyboardEvent } from "react";
// The email pattern z.email() checks on the server (lib/checkout/checkout-request.ts), from zod's
// own regexes module: the pattern alone, not zod, which would double the page's JavaScript.
import { regexes } from "zod/v4/core";
import type { Money } from "@/lib/money/money";
import { useMoney } from "../i18n/use-money";
import { useBotCheck } from "./bot-check";
import { postCheckout, type CheckoutChoice } from "./post-checkout";
import { checkoutProblemInWords } from "./problem-words";
import styles from "./product.module.css";

/** The server's limit too: z.email().max(254). */
const EMAIL_MAX = 254;

function isEmail(text: string): boolean {
  return text.length <= EMAIL_MAX && regexes.email.test(text);
}

interface CheckoutStepProps {
  choice: Omit<CheckoutChoice, "email" | "activation" | "botToken" | "locale">;
  price: Money;
  /** The service can activate the code on the buyer's account. */
  activationOffered: boolean;
}

export function CheckoutStep({ choice, price, activationOffered }: CheckoutStepProps) {
  const t = useClientWords();
  const locale = useClientLocale();
  const money = useMoney();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const [activation, setActivation] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<{ field: string | null; message: string } | null>(null);
  const bot = useBotCheck(useClientLocale(), t("checkout.botCheck"));

  const emailProblem = problem?.field === "email" ? problem.message : null;

  async function pay() {
    if (sending) return;
    if (!isEmail(email.trim())) {
      setProblem({ field: "email", message: t("checkout.emailError") });
      emailRef.current?.focus();
      return;
    }
    if (bot.widget && bot.token === null) {
      setProblem({ field: null, message: checkoutProblemInWords(t, { code: "bot_check_pending" }) });
      return;
    }
    setSending(true);
    setProblem(null);
    const outcome = await postCheckout({ ...choice, email, activation, botToken: bot.token, locale });
    if (outcome.ok) {
      // Leave the button disabled: the browser is on its way to the payment page.
      window.location.assign(outcome.next);
      return;
    }
    setSending(false);
    // The token was spent whatever the answer: a fresh one for the next try, the strict one if asked.
    if (bot.widget) bot.renew(outcome.problem.code === "challenge_required" ? true : undefined);
    setProblem({ field: outcome.field, message: checkoutProblemInWords(t, outcome.problem) });
    if (outcome.field === "email") emailRef.current?.focus();
  }

  function payOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    // Enter would submit the surrounding form (the account step); here it means "pay".
    if (event.key === "Enter") {
      event.preventDefault();
      void pay();
    }
  }

  return (
    <div className={styles.checkout}>
      <div className={styles.inputField}>
        <label htmlFor={`${id}-email`}>{t("checkout.email")}</label>
        <div className={styles.inputBox} data-invalid={emailProblem ? "" : undefined}>
          <input
            ref={emailRef}
            id={`${id}-email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            onKeyDown={payOnEnter}
            aria-invalid={emailProblem ? true : undefined}
            aria-describedby={emailProblem ? `${id}-email-error` : `${id}-email-hint`}
          />
        </div>
        {emailProblem ? (
          <p id={`${id}-email-error`} className={styles.fieldError}>
            {emailProblem}
          </p>
        ) : (
          <p id={`${id}-email-hint`} className={styles.hint}>
            {t("checkout.emailHint")}
          </p>
        )}
      </div>
      {activationOffered ? (
        <label className={styles.checkbox}>
          <input type="checkbox" checked={activation} onChange={(event) => setActivation(event.target.checked)} />
          {t("checkout.activate")}
        </label>
      ) : null}
      {bot.slot}
      <button type="button" className="button" onClick={() => void pay()} disabled={sending}>
        {sending ? t("checkout.opening") : t("checkout.pay", { price: money.format(price) })}
      </button>
      {problem && problem.field !== "email" ? (
        <p className={styles.fieldError} role="alert">
          {problem.message}
        </p>
      ) : null}
    </div>
  );
}
