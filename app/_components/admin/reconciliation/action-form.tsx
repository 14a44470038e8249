"use client";
// A reconciliation form: posts to its server action with or without JavaScript, and says the
// action's answer next to its button (a refusal as an alert).
import { useActionState, type ReactNode } from "react";
import type { ActionState } from "@/lib/auth/guard/admin-guard";

type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;

interface Props {
  action: Action;
  label: string;
  /** The answer in the reader's words. */
  answers: Record<string, string>;
  className?: string;
  children: ReactNode;
}

export function ReconciliationActionForm({ action, label, answers, className, children }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  const said = state ? (answers[state.message] ?? state.message) : "";
  return (
    <form action={formAction} aria-label={label} className={className} aria-busy={pending}>
      {children}
      <p role={state && !state.ok ? "alert" : "status"}>{said}</p>
    </form>
  );
}
