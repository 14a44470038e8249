"use client";
// The Review page's settings form: each rule with its current value (the defaults until the
// owner saves), checked in the browser with the action's schema, the answer in the reader's language.
import { useTranslations } from "next-intl";
import { CheckedForm } from "../admin-form";
import styles from "../admin.module.css";
import type { FormAction } from "../admin-form";
import type { ReviewSettings } from "@/lib/fraud/review-settings";
import { reviewSettingsFormSchema } from "./review-settings-form-schema";

const ACTIONS = ["allow", "review", "block"] as const;
const NUMBERS = ["cardOrdersToReview", "cardDeclinesToReview", "cardDeclinesToBlock", "windowHours", "reviewHours"] as const;

export function ReviewSettingsForm({ action, settings, disabled }: { action: FormAction; settings: ReviewSettings; disabled: boolean }) {
  const t = useTranslations("admin.review");
  const choice = (name: string, value: string) => (
    <label key={name}>
      <span>{t(`fields.${name}` as "fields.riskNormal")}</span>
      <select name={name} defaultValue={value} disabled={disabled}>
        {ACTIONS.map((option) => (
          <option key={option} value={option}>
            {t(`choices.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <CheckedForm
      action={action}
      schema={reviewSettingsFormSchema}
      label={t("settingsLabel")}
      className={styles.form}
      sayProblem={({ field, detail }) => t("problem", { field: t.has(`fields.${field}` as never) ? t(`fields.${field}` as "fields.riskNormal") : field, detail })}
      sayAnswer={(answer) => (answer.ok ? t("saved") : answer.message)}
      actions={(pending) =>
        disabled ? null : (
          <button className="button" type="submit" disabled={pending}>
            {t("save")}
          </button>
        )
      }
    >
      {choice("riskNormal", settings.risk.normal)}
      {choice("riskElevated", settings.risk.elevated)}
      {choice("riskHighest", settings.risk.highest)}
      <label>
        <span>
          <input type="checkbox" name="allowAuthenticated" value="yes" defaultChecked={settings.allowAuthenticated} disabled={disabled} /> {t("fields.allowAuthenticated")}
        </span>
      </label>
      {NUMBERS.map((name) => (
        <label key={name}>
          <span>{t(`fields.${name}`)}</span>
          <input type="number" name={name} min={1} defaultValue={settings[name]} disabled={disabled} required />
        </label>
      ))}
      {choice("countryMismatch", settings.countryMismatch)}
      <label>
        <span>{t("fields.threeDSecure")}</span>
        <select name="threeDSecure" defaultValue={settings.threeDSecure} disabled={disabled}>
          {(["off", "risky", "always"] as const).map((option) => (
            <option key={option} value={option}>
              {t(`threeDSecureChoices.${option}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t("fields.refundOnWarning")}</span>
        <select name="refundOnWarning" defaultValue={settings.refundOnWarning} disabled={disabled}>
          {(["never", "unrevealed", "always"] as const).map((option) => (
            <option key={option} value={option}>
              {t(`refundChoices.${option}`)}
            </option>
          ))}
        </select>
      </label>
    </CheckedForm>
  );
}
