"use client";
import { useClientWords } from "../i18n/client-words";
import type { BalanceTerms } from "@/lib/catalog/top-up-amount";
import { toDecimalString } from "@/lib/money/decimal";
import { useMoney } from "../i18n/use-money";
import styles from "./product.module.css";

interface BalanceAmountProps {
  terms: BalanceTerms;
  value: string;
  /** What is wrong with the amount, once the buyer should see it. */
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/**
 * The top-up amount of a balance service, which has no fixed denominations: one-tap presets, a
 * field for any other amount, and the allowed range stated before anything is typed. The field
 * carries the same currency sign as the prices, so "$" and "$26.34" read as one notation.
 */
export function BalanceAmount({ terms, value, error, onChange, onBlur }: BalanceAmountProps) {
  const t = useClientWords("product");
  const { format, symbol } = useMoney();
  const money = (minor: number) => format({ minor, currency: terms.currency });
  const range = t("topUpRange", { min: money(terms.minMinor), max: money(terms.maxMinor) });
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t("topUpLegend")}</legend>
      <div className={styles.presets} role="group" aria-label={t("topUpPresets")}>
        {terms.presetsMinor.map((minor) => {
          const text = plainAmount(minor, terms.currency);
          return (
            <button
              key={minor}
              type="button"
              className={styles.preset}
              aria-pressed={value.trim() === text}
              onClick={() => onChange(text)}
            >
              {money(minor)}
            </button>
          );
        })}
      </div>
      <div className={styles.inputField}>
        <label htmlFor="amount">{t("topUpOther", { currency: terms.currency })}</label>
        <div className={styles.inputBox} data-invalid={error ? "" : undefined}>
          <span className={styles.prefix} aria-hidden="true">
            {symbol(terms.currency)}
          </span>
          <input
            id="amount"
            name="amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            required
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "amount-hint amount-error" : "amount-hint"}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
          />
        </div>
        <p id="amount-hint" className={styles.hint}>
          {range}
        </p>
        {error ? (
          <p id="amount-error" className={styles.fieldError}>
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

/** 2500 USD cents → "25", 2550 → "25.50": what a buyer would have typed. */
function plainAmount(minor: number, currency: string): string {
  return toDecimalString({ minor, currency }).replace(/\.0+$/, "");
}
