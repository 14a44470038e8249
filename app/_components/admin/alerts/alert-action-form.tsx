"use client";
// An alert form (acknowledge, send a test): posts to its server action with or without
// JavaScript and says the answer next to its button, with what each channel did for a test.
import { useActionState, type ReactNode } from "react";
import type { ActionState } from "@/lib/auth/guard/admin-guard";

type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;

interface DeliveryLine {
  channel: "email" | "webhook";
  ok: boolean;
  detail: string;
}

interface Props {
  action: Action;
  label: string;
  /** The answers in the reader's words, by the action's message key; `{by}` is filled in. */
  answers: Record<string, string>;
  /** "Email", "Webhook", "sent", "failed" in the reader's words. */
  words: { email: string; webhook: string; sent: string; failed: string };
  className?: string;
  children: ReactNode;
}

export function AlertActionForm({ action, label, answers, words, className, children }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  const said = state ? (answers[state.message] ?? state.message).replace("{by}", String(state.data?.by ?? "")) : "";
  const deliveries = (state?.data?.deliveries ?? []) as DeliveryLine[];
  return (
    <form action={formAction} aria-label={label} className={className} aria-busy={pending}>
      {children}
      <div role={state && !state.ok ? "alert" : "status"}>
        {said && <p>{said}</p>}
        {deliveries.length > 0 && (
          <ul>
            {deliveries.map((delivery) => (
              <li key={delivery.channel}>
                {words[delivery.channel]}: {delivery.ok ? words.sent : words.failed} ({delivery.detail})
              </li>
            ))}
          </ul>
        )}
      </div>
    </form>
  );
}
