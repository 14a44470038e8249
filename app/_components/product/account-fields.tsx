"use client";
import { useClientLocale, useClientWords } from "../i18n/client-words";
import { fieldLabel, orderedFields, type AccountFieldProblem, type AccountValues } from "@/lib/catalog/account-rules";
import { fieldKeyboard } from "@/lib/catalog/field-keyboard";
import type { AccountForm } from "@/lib/catalog/types";
import styles from "./product.module.css";

interface AccountFieldsProps {
  form: AccountForm;
  values: AccountValues;
  /** Problems to show now (after the buyer left a field or tried to continue). */
  errors: Record<string, AccountFieldProblem>;
  onChange: (name: string, value: string) => void;
  onBlur: (name: string) => void;
}

/** One input per account field, in position order, labelled in the visitor's language; digits open a phone's number pad. */
export function AccountFields({ form, values, errors, onChange, onBlur }: AccountFieldsProps) {
  const t = useClientWords("product");
  const language = useClientLocale();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t("yourAccount")}</legend>
      {orderedFields(form).map((field) => {
        const id = `account-${field.name}`;
        const label = fieldLabel(field, language);
        const problem = errors[field.name];
        const error = !problem
          ? null
          : problem.code === "required"
            ? t("fieldRequired", { label })
            : t("fieldSeparator", { label, separator: problem.separator });
        const common = {
          id,
          name: field.name,
          value: values[field.name] ?? "",
          placeholder: field.placeholder || undefined,
          autoComplete: "off",
          spellCheck: false,
          required: true,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}-error` : undefined,
          onBlur: () => onBlur(field.name),
        } as const;
        return (
          <div key={field.name} className={styles.inputField}>
            {/* Upstream may leave label_zh empty: then the English label is marked as English. */}
            <label htmlFor={id} lang={language === "zh" && field.label_zh.trim() === "" ? "en" : undefined}>
              {label}
            </label>
            <div className={styles.inputBox} data-invalid={error ? "" : undefined}>
              {field.prefix ? (
                <span className={styles.prefix} aria-hidden="true">
                  {field.prefix}
                </span>
              ) : null}
              {field.multiline ? (
                <textarea {...common} rows={3} onChange={(e) => onChange(field.name, e.target.value)} />
              ) : (
                <input
                  {...common}
                  type="text"
                  inputMode={fieldKeyboard(field) === "numeric" ? "numeric" : undefined}
                  onChange={(e) => onChange(field.name, e.target.value)}
                />
              )}
            </div>
            {error ? (
              <p id={`${id}-error`} className={styles.fieldError}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
