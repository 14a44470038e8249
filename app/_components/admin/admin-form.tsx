"use client";
// Every admin form's plumbing, in one place: checked in the browser with the schema its server
// action checks again, then sent to that action; the field at fault (the browser's finding or
// the server's) is marked aria-invalid, described by the answer and focused, the problem is said
// at the field and in a summary at the top of the form (a long form's buttons may be off-screen
// at 900 px), and nothing is sent or changed while a field is wrong. Each form says the problem and the answer in its own words
// (CatalogueForm, PricesForm, AdminForm below). Without JavaScript the form posts to the same
// action and the page shows its answer. A done answer is a visible success message. With it, the form is sent by hand rather than by React's
// form action, which would empty every field after a refusal.
import { useTranslations } from "next-intl";
import { startTransition, useActionState, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import { FORM_SCHEMAS, type FormName } from "@/lib/auth/forms";
import type { ActionState } from "@/lib/auth/guard/admin-guard";
import { firstIssue } from "@/lib/http/first-issue";
import styles from "./admin.module.css";

export type FormAction = (state: ActionState, formData: FormData) => Promise<ActionState>;
/** The input at fault (its name; a path such as "tiers.0.from") and what is wrong, as the schema says it. */
export type FieldProblem = { field: string; detail: string };
export type Answer = NonNullable<ActionState>;

interface CheckedFormProps {
  action: FormAction;
  schema: z.ZodType;
  /** The submit buttons, given whether an answer is awaited; the answer is said right after them. */
  actions: ReactNode | ((pending: boolean) => ReactNode);
  /** The problem in the reader's words. */
  sayProblem: (problem: FieldProblem) => string;
  /** The action's answer in the reader's words (refusals other than a field at fault too). */
  sayAnswer: (answer: Answer) => string;
  /** More of an answer to show below its words (recovery codes). */
  more?: (answer: Answer) => ReactNode;
  /** Put the buttons and the answer before the fields (a long list under a bar of actions). */
  actionsFirst?: boolean;
  /** Empty the fields once the action is done (passwords should not stay in the page). */
  clearWhenDone?: boolean;
  className?: string;
  /** Names the form for assistive technology when a page has several. */
  label?: string;
  children?: ReactNode;
}

export function CheckedForm({ action, schema, actions, sayProblem, sayAnswer, more, actionsFirst, clearWhenDone, className, label, children }: CheckedFormProps) {
  const [state, formAction, pending] = useActionState(action, null);
  const [local, setLocal] = useState<FieldProblem | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const statusId = useId();
  const summaryId = useId();
  const fieldNoteId = useId();

  const serverProblem = state && !state.ok && state.code === "invalid" ? { field: state.field ?? "", detail: state.message } : null;
  const problem = local ?? serverProblem;

  const said = problem ? sayProblem(problem) : state ? sayAnswer(state) : null;

  // Mark the input at fault, say the problem right after it and take the keyboard there; the
  // next answer clears both. The note is the page's own element, not React's, so it is added
  // and removed here with the mark.
  useEffect(() => {
    const input = problem ? form.current?.elements.namedItem(problem.field) : null;
    if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement || input instanceof HTMLTextAreaElement)) {
      if (problem) document.getElementById(summaryId)?.focus();
      return;
    }
    const note = document.createElement("span");
    note.id = fieldNoteId;
    note.className = styles.fieldError ?? "";
    note.textContent = said ?? "";
    // After the field's label, not inside it: inside, the note would become part of the field's name.
    (input.closest("label") ?? input).insertAdjacentElement("afterend", note);
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", fieldNoteId);
    input.focus();
    return () => {
      note.remove();
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    };
  }, [problem, said, summaryId, fieldNoteId]);

  useEffect(() => {
    if (clearWhenDone && state?.ok) form.current?.reset();
  }, [clearWhenDone, state]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    const parsed = schema.safeParse(Object.fromEntries(data));
    if (!parsed.success) {
      const { field, message } = firstIssue(parsed.error, "");
      return setLocal({ field, detail: message });
    }
    setLocal(null);
    startTransition(() => formAction(data));
  }

  const summary = problem && said && (
    <div className={styles.errorSummary} id={summaryId} tabIndex={-1} role="alert" data-testid="error-summary">
      <a href={`#${fieldNoteId}`}>{said}</a>
    </div>
  );
  const bar = (
    <div className={styles.row}>
      {typeof actions === "function" ? actions(pending) : actions}
      <div role="status" aria-live="polite" id={statusId}>
        {/* A field's problem is said at the field and in the summary; here only the answers. */}
        {said && !problem && <p className={state?.ok ? styles.success : "notice"}>{said}</p>}
        {state && !local && more?.(state)}
      </div>
    </div>
  );

  return (
    <form ref={form} className={className} action={formAction} onSubmit={submit} noValidate aria-busy={pending} aria-label={label}>
      {summary}
      {actionsFirst && bar}
      {children}
      {!actionsFirst && bar}
    </form>
  );
}

interface AdminFormProps {
  action: FormAction;
  schema: FormName;
  submit: string;
  children?: ReactNode;
  danger?: boolean;
}

/** The codes an answer carries (recovery codes, a revealed voucher code), as a list; nothing otherwise. */
export function answerCodes(answer: Answer, label?: string) {
  return answer.ok && Array.isArray(answer.data?.codes) ? (
    <ol className={styles.codes} aria-label={label}>
      {(answer.data.codes as string[]).map((code) => (
        <li key={code}>
          <code>{code}</code>
        </li>
      ))}
    </ol>
  ) : null;
}

/** The forms of sign-in's neighbours (people, security, an invitation): one submit button, fields named by admin.fieldErrors. */
export function AdminForm({ action, schema, submit, children, danger }: AdminFormProps) {
  const t = useTranslations("admin");
  const fieldProblem = ({ field }: FieldProblem) => (t.has(`fieldErrors.${field}` as never) ? t(`fieldErrors.${field}` as "fieldErrors.email") : t("fieldErrors.other"));
  const answer = (state: Answer) => t(`results.${state.message}` as "results.done", (state.data ?? {}) as Record<string, string>);
  const codes = (state: Answer) => answerCodes(state);

  return (
    <CheckedForm
      action={action}
      schema={FORM_SCHEMAS[schema]}
      className={styles.form}
      sayProblem={fieldProblem}
      sayAnswer={answer}
      more={codes}
      clearWhenDone
      actions={(pending) => (
        <button className={danger ? "button button-secondary" : "button"} type="submit" disabled={pending}>
          {submit}
        </button>
      )}
    >
      {children}
    </CheckedForm>
  );
}
