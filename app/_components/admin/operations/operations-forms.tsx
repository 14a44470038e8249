"use client";
// The owner's threshold form and pause switch, through the admin's one form plumbing
// (CheckedForm): checked in the browser with the action's schema, working without JavaScript.
import { useTranslations } from "next-intl";
import { CheckedForm, type Answer } from "@/app/_components/admin/admin-form";
import styles from "@/app/_components/admin/admin.module.css";
import { saveThreshold, setSalesPaused } from "@/app/[locale]/admin/(signed-in)/actions";
import { pauseSchema, thresholdSchema } from "./operations-schemas";

function useAnswer() {
  const t = useTranslations("admin.operations");
  return (answer: Answer) => (t.has(`results.${answer.message}` as never) ? t(`results.${answer.message}` as "results.failed") : t("results.failed"));
}

export function ThresholdForm({ currency, current }: { currency: string; current: string }) {
  const t = useTranslations("admin.operations");
  const sayAnswer = useAnswer();
  return (
    <CheckedForm
      action={saveThreshold}
      schema={thresholdSchema}
      className={`${styles.form} ${styles.inputs}`}
      label={t("threshold")}
      sayProblem={() => t("problems.amount")}
      sayAnswer={sayAnswer}
      actions={(pending) => (
        <button className="button" type="submit" disabled={pending}>
          {t("thresholdSave")}
        </button>
      )}
    >
      <label htmlFor="ops-threshold">{t("thresholdLabel", { currency })}</label>
      <input id="ops-threshold" name="amount" inputMode="decimal" defaultValue={current} aria-describedby="ops-threshold-help" autoComplete="off" />
      <p id="ops-threshold-help">{t("thresholdHelp")}</p>
    </CheckedForm>
  );
}

export function PauseForm({ paused }: { paused: boolean }) {
  const t = useTranslations("admin.operations");
  const sayAnswer = useAnswer();
  return (
    <CheckedForm
      action={setSalesPaused}
      schema={pauseSchema}
      className={styles.form}
      label={paused ? t("resume") : t("pause")}
      sayProblem={() => t("results.failed")}
      sayAnswer={sayAnswer}
      actions={(pending) => (
        <button className={paused ? "button" : "button button-secondary"} type="submit" disabled={pending}>
          {paused ? t("resume") : t("pause")}
        </button>
      )}
    >
      <input type="hidden" name="paused" value={paused ? "false" : "true"} />
      <p>{t("pauseHelp")}</p>
    </CheckedForm>
  );
}
