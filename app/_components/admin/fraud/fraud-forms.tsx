"use client";
// The Fraud rules page's forms, on the admin's one checked form (admin-form.tsx): a field the
// browser or the server finds wrong is marked and focused, and the answer is said in the
// reader's language.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { BLOCK_KINDS } from "@/lib/fraud/block-value";
import { CheckedForm, type Answer, type FieldProblem, type FormAction } from "../admin-form";
import styles from "../admin.module.css";
import { blockInputSchema, closeBreakerFormSchema, rulesFormSchema, unblockFormSchema } from "./fraud-form-schemas";

function useSay() {
  const t = useTranslations("admin.fraud.answers");
  return {
    problem: ({ detail }: FieldProblem) => t("invalid", { detail }),
    answer: (state: Answer) => (state.ok || state.code !== "invalid" ? t(state.message as "saved") : t("invalid", { detail: state.message })),
  };
}

export function RulesForm({ action, expectedVersion, currency, children }: { action: FormAction; expectedVersion: number; currency: string; children: ReactNode }) {
  const t = useTranslations("admin.fraud");
  const say = useSay();
  return (
    <CheckedForm
      action={action}
      schema={rulesFormSchema}
      className={styles.form}
      sayProblem={say.problem}
      sayAnswer={say.answer}
      label={t("rulesTitle")}
      actions={(pending) => (
        <button className="button" type="submit" disabled={pending}>
          {t("save")}
        </button>
      )}
    >
      <input type="hidden" name="expectedVersion" value={expectedVersion} />
      <input type="hidden" name="currency" value={currency} />
      {children}
    </CheckedForm>
  );
}

export function BlockForm({ action }: { action: FormAction }) {
  const t = useTranslations("admin.fraud");
  const say = useSay();
  return (
    <CheckedForm
      action={action}
      schema={blockInputSchema}
      className={styles.form}
      sayProblem={say.problem}
      sayAnswer={say.answer}
      clearWhenDone
      label={t("add")}
      actions={(pending) => (
        <button className="button" type="submit" disabled={pending}>
          {t("add")}
        </button>
      )}
    >
      <label>
        {t("kind")}
        <select name="kind" defaultValue="email">
          {BLOCK_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("value")}
        <input name="value" required maxLength={512} autoComplete="off" />
      </label>
      <label>
        {t("reason")}
        <input name="reason" maxLength={200} autoComplete="off" />
      </label>
    </CheckedForm>
  );
}

export function UnblockForm({ action, kind, value }: { action: FormAction; kind: string; value: string }) {
  const t = useTranslations("admin.fraud");
  const say = useSay();
  return (
    <CheckedForm
      action={action}
      schema={unblockFormSchema}
      sayProblem={say.problem}
      sayAnswer={say.answer}
      label={t("removeLabel", { kind: t(`kinds.${kind}` as "kinds.email"), value })}
      actions={(pending) => (
        <button className="button button-secondary" type="submit" disabled={pending} aria-label={t("removeLabel", { kind: t(`kinds.${kind}` as "kinds.email"), value })}>
          {t("remove")}
        </button>
      )}
    >
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="value" value={value} />
    </CheckedForm>
  );
}

export function CloseBreakerForm({ action }: { action: FormAction }) {
  const t = useTranslations("admin.fraud");
  const say = useSay();
  return (
    <CheckedForm
      action={action}
      schema={closeBreakerFormSchema}
      sayProblem={say.problem}
      sayAnswer={say.answer}
      label={t("closeBreaker")}
      actions={(pending) => (
        <button className="button button-secondary" type="submit" disabled={pending}>
          {t("closeBreaker")}
        </button>
      )}
    />
  );
}
