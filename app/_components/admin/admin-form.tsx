"use client";
// Every admin form: checked in the browser with the schema the server action checks again,
// then sent to that action; its answer (done, or the field at fault) is said in the page's
// language. Nothing is sent, and nothing changes, while a field is wrong.
import { useTranslations } from "next-intl";
import { useActionState, useState, type FormEvent, type ReactNode } from "react";
import { FORM_SCHEMAS, type FormName } from "@/lib/auth/forms";
import type { ActionState } from "@/lib/auth/guard/admin-guard";
import styles from "./admin.module.css";

interface Props {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  schema: FormName;
  submit: string;
  children?: ReactNode;
  danger?: boolean;
}

export function AdminForm({ action, schema, submit, children, danger }: Props) {
  const t = useTranslations("admin");
  const [state, formAction, pending] = useActionState(action, null);
  const [localProblem, setLocalProblem] = useState<string | null>(null);

  function check(event: FormEvent<HTMLFormElement>) {
    const parsed = FORM_SCHEMAS[schema].safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) return setLocalProblem(null);
    event.preventDefault();
    setLocalProblem(fieldProblem(String(parsed.error.issues[0]?.path[0] ?? "")));
  }

  const fieldProblem = (field: string) => (t.has(`fieldErrors.${field}` as never) ? t(`fieldErrors.${field}` as "fieldErrors.email") : t("fieldErrors.other"));
  const codes = state?.ok && Array.isArray(state.data?.codes) ? (state.data.codes as string[]) : null;
  const shown = localProblem ?? (state && !state.ok ? (state.code === "invalid" ? fieldProblem(state.field ?? "") : t(`results.${state.message}` as "results.forbidden", (state.data ?? {}) as Record<string, string>)) : null);

  return (
    <form className={styles.form} action={formAction} onSubmit={check} noValidate>
      {children}
      <button className={danger ? "button button-secondary" : "button"} type="submit" disabled={pending}>
        {submit}
      </button>
      <div role="status" aria-live="polite">
        {shown ? <p className="notice">{shown}</p> : state?.ok ? <p>{t(`results.${state.message}` as "results.done", (state.data ?? {}) as Record<string, string>)}</p> : null}
        {codes && (
          <ol className={styles.codes}>
            {codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
        )}
      </div>
    </form>
  );
}
