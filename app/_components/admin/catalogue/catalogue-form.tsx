"use client";
// Every form of the catalogue pages: checked in the browser with the schema its server action
// checks again (catalogue-form-schemas.ts), then sent to that action; the field at fault is named
// in the reader's language, marked aria-invalid and focused. Without JavaScript the form posts to
// the same action and the page shows its answer. With it, the form is sent by hand rather than
// by React's form action, which would reset every field after a refused save.
import { useTranslations } from "next-intl";
import { startTransition, useActionState, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { ActionState } from "@/lib/auth/guard/admin-guard";
import styles from "../admin.module.css";
import { catalogueFormSchema, fieldLabelKey, type CatalogueFormName } from "./catalogue-form-schemas";

interface Props {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  schema: CatalogueFormName;
  /** The allowed image hosts, for the editor's schema (SHOP_IMAGE_HOSTS). */
  imageHosts?: readonly string[];
  /** The submit buttons; the answer is said right after them. */
  actions: ReactNode;
  /** Put the buttons and the answer before the fields (a long list under a bar of actions). */
  actionsFirst?: boolean;
  className?: string;
  children?: ReactNode;
}

type Problem = { field: string; message: string };

export function CatalogueForm({ action, schema, imageHosts = [], actions, actionsFirst, className, children }: Props) {
  const t = useTranslations("admin.catalogue");
  const [state, formAction, pending] = useActionState(action, null);
  const [local, setLocal] = useState<Problem | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const statusId = useId();

  const serverProblem = state && !state.ok && state.code === "invalid" ? { field: state.field ?? "", message: state.message } : null;
  const problem = local ?? serverProblem;

  // Mark the input at fault and take the keyboard there; the next answer clears the mark.
  useEffect(() => {
    const fields = form.current?.elements;
    if (!fields || !problem) return;
    const input = fields.namedItem(problem.field);
    if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement || input instanceof HTMLSelectElement)) return;
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
    const parsed = catalogueFormSchema(schema, { imageHosts }).safeParse(Object.fromEntries(data));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setLocal({ field: issue?.path.join(".") ?? "", message: issue?.message ?? "" });
    }
    setLocal(null);
    startTransition(() => formAction(data));
  }

  const label = (field: string) => {
    const key = `fields.${fieldLabelKey(field)}`;
    return t.has(key as never) ? t(key as "fields.other") : t("fields.other");
  };
  const said = problem
    ? t("problem", { field: label(problem.field), detail: problem.message })
    : state
      ? t(`results.${state.message}` as "results.saved", (state.ok ? (state.data ?? {}) : {}) as Record<string, string>)
      : null;

  const bar = (
    <div className={styles.row}>
      {actions}
      <div role="status" aria-live="polite" id={statusId}>
        {said && <p className={state?.ok && !local ? undefined : "notice"}>{said}</p>}
      </div>
    </div>
  );

  return (
    <form ref={form} className={className} action={formAction} onSubmit={submit} noValidate aria-busy={pending}>
      {actionsFirst && bar}
      {children}
      {!actionsFirst && bar}
    </form>
  );
}
