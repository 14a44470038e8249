"use client";
import type { BalanceTerms } from "@/lib/catalog/top-up-amount";
import { formatMoney } from "@/lib/money/format-money";
import styles from "./product.module.css";

interface BalanceAmountProps {
  terms: BalanceTerms;
  value: string;
  /** What is wrong with the amount, once the buyer should see it. */
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** The top-up amount of a balance service, which has no fixed denominations. */
export function BalanceAmount({ terms, value, error, onChange, onBlur }: BalanceAmountProps) {
  const range = [terms.minMinor, terms.maxMinor].map((minor) =>
    minor === null ? null : formatMoney({ minor, currency: terms.currency }),
  );
  const hint = range[0] && range[1] ? `From ${range[0]} to ${range[1]}` : null;
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Top-up amount</legend>
      <div className={styles.inputField}>
        <label htmlFor="amount">Amount to add, in {terms.currency}</label>
        <div className={styles.inputBox} data-invalid={error ? "" : undefined}>
          <span className={styles.prefix} aria-hidden="true">
            {terms.currency}
          </span>
          <input
            id="amount"
            name="amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            required
            value={value}
            placeholder="e.g. 25"
            aria-invalid={error ? true : undefined}
            aria-describedby={[hint ? "amount-hint" : null, error ? "amount-error" : null].filter(Boolean).join(" ") || undefined}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
          />
        </div>
        {hint ? (
          <p id="amount-hint" className={styles.hint}>
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id="amount-error" className={styles.fieldError}>
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
