"use client";
// The masked code with its "reveal" button: a form for the audited server action, so it works
// without JavaScript too; the code is shown only in the answer, never in the page as sent.
import { useTranslations } from "next-intl";
import { z } from "zod";
import { answerCodes, CheckedForm, type Answer } from "@/app/_components/admin/admin-form";
import { revealOrderCode } from "@/app/[locale]/admin/(signed-in)/orders/[orderId]/actions";

const schema = z.object({ orderId: z.string().min(1) });

export function RevealCodeForm({ orderId }: { orderId: string }) {
  const t = useTranslations("admin.orders.reveal");
  const codes = (answer: Answer) => answerCodes(answer, t("codes"));
  return (
    <CheckedForm
      action={revealOrderCode}
      schema={schema}
      label={t("label")}
      sayProblem={() => t("failed")}
      sayAnswer={(answer) => (answer.ok ? t("done") : t.has(`refused.${answer.message}` as never) ? t(`refused.${answer.message}` as "refused.noCode") : t("failed"))}
      more={codes}
      actions={(pending) => (
        <>
          <span aria-hidden="true">••••-••••-••••</span>
          <button className="button button-secondary" type="submit" disabled={pending}>
            {t("button")}
          </button>
        </>
      )}
    >
      <input type="hidden" name="orderId" value={orderId} />
    </CheckedForm>
  );
}
