// The owner's draft, previewed: what it changes (preview-table.tsx), then "Save" with the version
// the draft was made from and the stamp of exactly this preview, and "Discard". When someone saved
// a version since the draft was started, it says so before the save is refused.
import { getTranslations } from "next-intl/server";
import type { ActionState } from "@/lib/auth/guard/admin-guard";
import type { PreviewError } from "@/lib/shop/pricing-admin";
import type { RulePreview } from "@/lib/pricing/preview-rule-change";
import { draftStamp, type RuleDraft } from "@/lib/pricing/rule-drafts";
import type { Result } from "@/lib/result";
import { PreviewTable } from "./preview-table";
import { PricesForm } from "./prices-form";
import styles from "./prices.module.css";

type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;

interface Props {
  draft: RuleDraft;
  currentVersion: number;
  /** The store currency in force: a draft in another one says so before its rows. */
  currentCurrency: string;
  preview: Result<RulePreview, PreviewError>;
  page: number;
  save: Action;
  discard: Action;
}

export async function PreviewSection({ draft, currentVersion, currentCurrency, preview, page, save, discard }: Props) {
  const t = await getTranslations("admin.prices.preview");
  return (
    <section id="preview" className={styles.preview} aria-labelledby="preview-title">
      <h2 id="preview-title">{t("title")}</h2>
      <p>{t("intro", { version: draft.baseVersion })}</p>
      {draft.baseVersion !== currentVersion && (
        <p className="notice" role="alert">
          {t("behind", { base: draft.baseVersion, current: currentVersion })}
        </p>
      )}
      {draft.content.storeCurrency !== currentCurrency && (
        <p className="notice" data-testid="currency-change">
          {t("currencyChange", { from: currentCurrency, to: draft.content.storeCurrency })}
        </p>
      )}
      {preview.ok ? (
        <PreviewTable preview={preview.value} page={page} pageHref={(n) => `/admin/prices?page=${n}#preview`} />
      ) : (
        <p className="notice" role="alert">
          {preview.error.code === "catalog_unavailable" ? t("catalogUnavailable") : t("invalid")}
        </p>
      )}
      <div className={styles.actions}>
        <PricesForm
          action={save}
          schema="save"
          label={t("saveLabel")}
          className={styles.editor}
          actions={
            <button className="button" type="submit">
              {t("save")}
            </button>
          }
        >
          <input type="hidden" name="expectedVersion" value={draft.baseVersion} />
          <input type="hidden" name="stamp" value={draftStamp(draft)} />
          <label>
            {t("note")}
            <input name="note" maxLength={500} autoComplete="off" />
          </label>
        </PricesForm>
        <PricesForm
          action={discard}
          schema="discard"
          label={t("discardLabel")}
          actions={
            <button className="button button-secondary" type="submit">
              {t("discard")}
            </button>
          }
        />
      </div>
    </section>
  );
}
