"use client";
// One owner action's form on the order page: checked in the browser with its action's schema,
// then sent (CheckedForm); its answer said in the reader's language from admin.orderActions.
// Works without JavaScript: the form posts to the same server action.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { CheckedForm, type Answer, type FieldProblem, type FormAction } from "../admin-form";
import styles from "../admin.module.css";
import { ORDER_ACTION_SCHEMAS, type OrderActionName } from "./order-actions-schemas";

interface Props {
  action: FormAction;
  /** Which action's schema checks the form (a name: a schema cannot cross from the server). */
  schema: OrderActionName;
  orderId: string;
  /** Rendered with the page: sending this form twice is one request, so it acts once. */
  requestId: string;
  submit: string;
  label: string;
  danger?: boolean;
  children?: ReactNode;
}

export function OrderActionForm({ action, schema, orderId, requestId, submit, label, danger, children }: Props) {
  const t = useTranslations("admin.orderActions");
  const sayProblem = ({ field, detail }: FieldProblem) =>
    field === "confirm" ? t("results.confirm") : t("problem", { field: t.has(field as never) ? t(field as "amount", { currency: "", left: "" }) : field, detail });
  const sayAnswer = (answer: Answer) => {
    const data = Object.fromEntries(Object.entries(answer.data ?? {}).map(([key, value]) => [key, String(value)]));
    if (!answer.ok && answer.code !== "refused") return t(`results.${answer.code === "invalid" ? "invalid" : answer.code}`, { detail: answer.message });
    const key = `results.${answer.message}`;
    return t.has(key as never) ? t(key as "results.sent", { state: "", amount: "", left: "", ...data }) : (data.detail ?? answer.message);
  };
  return (
    <CheckedForm
      action={action}
      schema={ORDER_ACTION_SCHEMAS[schema]}
      label={label}
      className={styles.form}
      sayProblem={sayProblem}
      sayAnswer={sayAnswer}
      actions={(pending) => (
        <button className={danger ? "button button-secondary" : "button"} type="submit" disabled={pending}>
          {submit}
        </button>
      )}
    >
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="requestId" value={requestId} />
      {children}
    </CheckedForm>
  );
}
