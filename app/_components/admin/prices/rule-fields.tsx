// The inputs of one rule, filled with the rule it edits: plain inputs in a server component, so
// the editor needs no client code to show them. Amounts are shown and typed in the store
// currency's major units; empty tier rows are there to add tiers (no script adds rows).
import { getTranslations } from "next-intl/server";
import { toDecimalString } from "@/lib/money/decimal";
import type { Rule } from "@/lib/pricing/rule-set";
import styles from "./prices.module.css";
import { MAX_TIERS, ROUNDING_MODES, tierField } from "./rule-form-schema";

/** Empty tier rows offered beyond the rule's own. */
const SPARE_TIERS = 2;

export async function RuleFields({ rule, currency }: { rule: Rule; currency: string }) {
  const t = await getTranslations("admin.prices");
  const major = (minor: number) => (minor === 0 ? "" : toDecimalString({ minor, currency }));
  const slots = Array.from({ length: Math.min(MAX_TIERS, rule.tiers.length + SPARE_TIERS) }, (_, slot) => slot);
  const amountHint = t("fields.inCurrency", { currency });
  return (
    <>
      <input type="hidden" name="storeCurrency" value={currency} />
      <fieldset className={styles.fieldset}>
        <legend>{t("editor.markup")}</legend>
        <label>
          {t("fields.markupPercent")}
          <input name="markupPercent" inputMode="decimal" defaultValue={rule.markupPercent} autoComplete="off" />
        </label>
        <label>
          {t("fields.fixed")} <span className={styles.hint}>{amountHint}</span>
          <input name="fixed" inputMode="decimal" defaultValue={major(rule.fixedMinor)} autoComplete="off" />
        </label>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t("editor.tiers")}</legend>
        <p className={styles.hint}>{t("editor.tiersHint", { currency })}</p>
        {slots.map((slot) => {
          const tier = rule.tiers[slot];
          return (
            <div className={styles.pair} key={slot}>
              <label>
                {t("fields.tierFrom", { n: slot + 1 })}
                <input name={tierField(slot, "from")} inputMode="decimal" defaultValue={tier ? major(tier.fromCostMinor) : ""} autoComplete="off" />
              </label>
              <label>
                {t("fields.tierMarkup", { n: slot + 1 })}
                <input name={tierField(slot, "markup")} inputMode="decimal" defaultValue={tier?.markupPercent ?? ""} autoComplete="off" />
              </label>
            </div>
          );
        })}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t("editor.roundingLegend")}</legend>
        <label>
          {t("fields.rounding")}
          <select name="rounding" defaultValue={rule.rounding.mode}>
            {ROUNDING_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`rounding.${mode}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("fields.roundingStep")} <span className={styles.hint}>{t("editor.stepHint", { currency })}</span>
          <input name="roundingStep" inputMode="decimal" defaultValue={rule.rounding.mode === "step" ? major(rule.rounding.stepMinor) : ""} autoComplete="off" />
        </label>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t("editor.limits")}</legend>
        <label>
          {t("fields.minMarginAmount")} <span className={styles.hint}>{amountHint}</span>
          <input name="minMarginAmount" inputMode="decimal" defaultValue={major(rule.minMargin.minor)} autoComplete="off" />
        </label>
        <label>
          {t("fields.minMarginPercent")}
          <input name="minMarginPercent" inputMode="decimal" defaultValue={rule.minMargin.percent === "0" ? "" : rule.minMargin.percent} autoComplete="off" />
        </label>
        <label>
          {t("fields.ceilingPercent")} <span className={styles.hint}>{t("editor.ceilingHint")}</span>
          <input name="ceilingPercent" inputMode="decimal" defaultValue={rule.ceiling?.faceValuePercent ?? ""} autoComplete="off" />
        </label>
      </fieldset>
    </>
  );
}
