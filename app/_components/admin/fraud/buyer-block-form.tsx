"use client";
// Block or unblock one buyer on the Customers page; the answer in the reader's language.
import { useTranslations } from "next-intl";
import { z } from "zod";
import { CheckedForm, type FormAction } from "../admin-form";

const schema = z.object({ email: z.string().min(1), cards: z.string() });

export function BuyerBlockForm({ action, email, cards, blocked }: { action: FormAction; email: string; cards: string[]; blocked: boolean }) {
  const t = useTranslations("admin.customers");
  return (
    <CheckedForm
      action={action}
      schema={schema}
      label={t(blocked ? "unblockLabel" : "blockLabel", { email })}
      sayProblem={({ detail }) => t("results.invalid", { detail })}
      sayAnswer={(answer) => (answer.ok ? t(`results.${answer.message as "blocked"}`) : answer.code === "invalid" ? t("results.invalid", { detail: answer.message }) : t(`results.${answer.code as "forbidden"}`))}
      actions={(pending) => (
        <button className={blocked ? "button button-secondary" : "button"} type="submit" disabled={pending}>
          {t(blocked ? "unblock" : "block")}
        </button>
      )}
    >
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="cards" value={cards.join(",")} />
    </CheckedForm>
  );
}
