"use client";
// The buying step of the product page: pick an amount, give the account, see it checked, and
// get a validated summary of what will be bought, then pay for it (checkout-step.tsx).
import { useClientLocale, useClientWords } from "../i18n/client-words";
import { lazy, Suspense, useEffect, useState, type FormEvent } from "react";
import { buildAccount, fieldLabel, orderedFields, type AccountFieldProblem, type AccountValues } from "@/lib/catalog/account-rules";
import { parseTopUpAmount } from "@/lib/catalog/top-up-amount";
import type { Money } from "@/lib/money/money";
import { useMoney } from "../i18n/use-money";
import { unavailableInWords } from "../i18n/words";
import { BALANCE_ACCOUNT_FORM } from "@/lib/catalog/purchase-account-form";
import { AccountFields } from "./account-fields";
import { BalanceAmount } from "./balance-amount";
import { takeCarriedAccount } from "./carried-account";
import { DenominationPicker } from "./denomination-picker";
import type { OrderLine } from "./order-summary";
import type { PurchasePanelProps } from "./purchase-panel-props";
import { PlayerCheckStatus } from "./player-check-status";
import { topUpProblemInWords } from "@/lib/i18n/top-up-problem-words";
import { usePlayerCheck, type PlayerCheckState } from "./use-player-check";
import { useTopUpPrice } from "./use-top-up-price";
import styles from "./product.module.css";

// The summary and its pay step show only once the buyer has chosen and continued: their code
// (and the checkout's) loads then, or as soon as the buyer starts on the form (preloadSummary),
// not with the page every visitor downloads (issue 17).
const loadSummary = () => import("./order-summary");
const OrderSummary = lazy(() => loadSummary().then((module) => ({ default: module.OrderSummary })));

export function PurchasePanel({ product, denominations, balance, faceValueComparison }: PurchasePanelProps) {
  const t = useClientWords();
  const language = useClientLocale();
  const money = useMoney();
  const firstBuyable = denominations.find((d) => d.available && d.price !== null);
  const [voucherId, setVoucherId] = useState<number | null>(firstBuyable?.voucherId ?? null);
  const [values, setValues] = useState<AccountValues>({});
  const [amountText, setAmountText] = useState("");
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [attempted, setAttempted] = useState(false);
  const [confirmedKey, setConfirmedKey] = useState<string | null>(null);

  const denomination = denominations.find((d) => d.voucherId === voucherId) ?? null;
  const form = balance ? BALANCE_ACCOUNT_FORM : (denomination?.account ?? null);
  const validation = form ? buildAccount(form, values) : ({ ok: true, account: null } as const);
  const account = validation.ok ? validation.account : null;
  const checkEnabled = form !== null && (denomination ? denomination.playerCheck : product.playerCheck);
  const check = usePlayerCheck(product.id, balance ? null : voucherId, account, checkEnabled);

  const amount = balance ? parseTopUpAmount(amountText, balance) : null;
  const topUp = useTopUpPrice(product.id, amount?.ok ? amountText.trim() : null);
  const quoted = topUp.status === "done" ? topUp.outcome : null;
  const amountProblem = amount && !amount.ok ? amount.error : quoted && !quoted.ok ? quoted.problem : null;
  const amountError = amountProblem ? topUpProblemInWords(t, language, amountProblem) : null;
  const price: Money | null = balance ? (quoted?.ok ? quoted.price : null) : (denomination?.price ?? null);
  // An account carried over from the player check of another product (carried-account.ts). It
  // is read after hydration: the page is static HTML, rendered without the visitor's URL, so a
  // first render from it would not match. Only on arrival: later edits are the buyer's own.
  useEffect(() => {
    if (!form) return;
    const carried = takeCarriedAccount(window.location.search, form);
    if (Object.keys(carried.values).length === 0) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- one read of the URL, once, after hydration
    setValues(carried.values);
    window.history.replaceState(window.history.state, "", window.location.pathname + carried.rest + window.location.hash);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const fieldErrors = validation.ok ? {} : pick(validation.errors, (name) => attempted || touched[name] === true);
  // Complete once the buyer's part is valid; a top-up's price may still be on its way from the
  // server, and the summary appears as soon as it arrives, without a second click.
  const complete = validation.ok && (balance ? amount?.ok === true : price !== null);
  const ready = complete && price !== null;
  const key = JSON.stringify([voucherId, account, amountText]);
  const line: OrderLine | null =
    ready && confirmedKey === key
      ? {
          productName: product.name,
          itemName: balance && amount?.ok ? t("product.topUpItem", { amount: money.format(amount.value) }) : (denomination?.name ?? ""),
          account: form ? orderedFields(form).map((f) => ({ label: fieldLabel(f, language), value: (values[f.name] ?? "").trim() })) : null,
          price,
          deliveryMethod: denomination?.deliveryMethod ?? "direct_topup",
          playerName: check.status === "done" && check.outcome.status === "found" ? check.outcome.playerName : null,
        }
      : null;
  const blocked = checkEnabled && blocksPurchase(check);
  const summary = line && !blocked && (!checkEnabled || check.status === "done") ? line : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    setConfirmedKey(complete ? key : null);
    if (!complete) {
      // Take keyboard and screen-reader users to the first problem once it is rendered.
      const formElement = event.currentTarget;
      requestAnimationFrame(() => formElement.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
    }
  }

  const unavailable = !product.available || (!balance && !firstBuyable);

  return (
    <form className={styles.panel} onSubmit={submit} onFocus={preloadSummary} onPointerDown={preloadSummary} noValidate aria-labelledby="buy-title">
      <h2 id="buy-title" className={styles.panelTitle}>
        {t("product.buy")}
      </h2>
      {unavailable ? (
        <p className="notice" role="status">
          <span>
            <strong>{unavailableInWords(t, product.unavailableReason ?? (firstBuyable ? null : denominationsReason(denominations)))}.</strong>{" "}
            {t("product.cannotBuy")}
          </span>
        </p>
      ) : null}
      <fieldset disabled={unavailable} className={styles.plain}>
        {balance ? (
          <BalanceAmount
            terms={balance}
            value={amountText}
            error={attempted || touched.amount === true ? amountError : null}
            onChange={setAmountText}
            onBlur={() => setTouched((t) => ({ ...t, amount: true }))}
          />
        ) : denominations.length > 0 ? (
          <DenominationPicker denominations={denominations} selected={voucherId} onSelect={setVoucherId} faceValueComparison={faceValueComparison} />
        ) : null}
        {form ? (
          <AccountFields
            form={form}
            values={values}
            errors={fieldErrors}
            onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
            onBlur={(name) => setTouched((t) => ({ ...t, [name]: true }))}
          />
        ) : null}
        {checkEnabled ? <PlayerCheckStatus state={check} account={values} /> : null}
        <div className={styles.actions}>
          {price ? (
            <p className={styles.total}>
              <span>{t("product.total")}</span> <strong>{money.format(price)}</strong>
            </p>
          ) : topUp.status === "pricing" ? (
            <p className={styles.total}>
              <span>{t("product.total")}</span> <strong>{t("product.pricing")}</strong>
            </p>
          ) : null}
          <button type="submit" className="button">
            {unavailable ? t("product.outOfStock") : line && checkEnabled && check.status === "checking" ? t("product.checkingAccount") : t("product.continue")}
          </button>
        </div>
        {attempted && line && blocked ? (
          <p className={styles.fieldError} role="alert">
            {t("product.fixAccount")}
          </p>
        ) : null}
      </fieldset>
      <p className={styles.terms}>{t("product.terms")}</p>
      {summary ? (
        <Suspense fallback={null}>
          <OrderSummary
            line={summary}
            product={product}
            choice={{ gameId: product.id, voucherId: balance ? null : voucherId, amount: balance ? amountText.trim() : null, account }}
          />
        </Suspense>
      ) : null}
    </form>
  );
}

/** Starts loading the summary's code once; a second call is a cached module. */
function preloadSummary() {
  void loadSummary();
}

function blocksPurchase(check: PlayerCheckState): boolean {
  if (check.status !== "done") return false;
  return check.outcome.status === "not_found" || check.outcome.status === "wrong_region" || check.outcome.status === "invalid";
}

/** Why nothing here can be bought, from the denominations' own reasons. */
function denominationsReason(denominations: PurchasePanelProps["denominations"]) {
  return denominations.find((d) => d.unavailableReason)?.unavailableReason ?? "no_denominations";
}

function pick(errors: Record<string, AccountFieldProblem>, keep: (name: string) => boolean): Record<string, AccountFieldProblem> {
  return Object.fromEntries(Object.entries(errors).filter(([name]) => keep(name)));
}
