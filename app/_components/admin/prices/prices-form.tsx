"use client";
// Every form of the price editor: checked in the browser with the schema its server action checks
// again (prices-form-schemas.ts), then sent to that action; the field at fault is named in the
// reader's language, marked aria-invalid and focused, and nothing is sent or changed. Without
// JavaScript the form posts to the same action and the page shows its answer. With it, the form is
// sent by hand rather than by React's form action, which would empty every field after a refusal.
import { useTranslations } from "next-intl";
import { startTransition, useActionState, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { ActionState } from "@/lib/auth/guard/admin-guard";
import styles from "../admin.module.css";
import { fieldLabel, PRICES_FORM_SCHEMAS, type PricesFormName } from "./prices-form-schemas";

interface Props {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  schema: PricesFormName;
  /** The submit buttons; the answer is said right after them. */
  actions: ReactNode;
  className?: string;
  /** Names the form for assistive technology when a page has several. */
  label?: string;
  children?: ReactNode;
}

type Problem = { field: string; problem: string };

export function PricesForm({ action, schema, actions, className, label, children }: Props) {
  const t = useTranslations("admin.prices");
  const [state, formAction, pending] = useActionState(action, null);
  const [local, setLocal] = useState<Problem | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const statusId = useId();

  const serverProblem = state && !state.ok && state.code === "invalid" ? { field: state.field ?? "", problem: state.message } : null;
  const problem = local ?? serverProblem;

  // Mark the input at fault and take the keyboard there; the next answer clears the mark.
  useEffect(() => {
    const input = problem ? form.current?.elements.namedItem(problem.field) : null;
    if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement || input instanceof HTMLTextAreaElement)) return;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", statusId);
    input.focus();
    return () => {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    };
  }, [problem, statusId]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    const parsed = PRICES_FORM_SCHEMAS[schema].safeParse(Object.fromEntries(data));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setLocal({ field: issue?.path.join(".") ?? "", problem: issue?.message ?? "" });
    }
    setLocal(null);
    startTransition(() => formAction(data));
  }

  const words = (key: string, values: Record<string, string> = {}) => (t.has(key as never) ? t(key as "problems.other", values) : null);
  const said = problem
    ? t("problem", {
        field: words(`fields.${fieldLabel(problem.field).key}`, fieldLabel(problem.field).values) ?? problem.field,
        detail: words(`problems.${problem.problem}`) ?? t("problems.other"),
      })
    : state
      ? (words(`results.${state.message}`, (state.data ?? {}) as Record<string, string>) ?? t("results.refused"))
      : null;

  return (
    <form ref={form} className={className} action={formAction} onSubmit={submit} noValidate aria-busy={pending} aria-label={label}>
      {children}
      <div className={styles.row}>
        {actions}
        <div role="status" aria-live="polite" id={statusId}>
          {said && <p className={state?.ok && !local ? undefined : "notice"}>{said}</p>}
        </div>
      </div>
    </form>
  );
}
