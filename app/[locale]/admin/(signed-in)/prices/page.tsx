// GET /admin/prices?page=N – the price editor: the owner's draft previewed (when there is one),
// the exchange rates, the rule for the whole shop and the rules per brand, service and voucher.
// Every edit is a form post that changes the draft and comes back here to its preview; nothing
// reaches buyers until "Save". Staff see the rules and the history, without the forms.
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import { versionNote } from "@/app/_components/admin/prices/version-note";
import styles from "@/app/_components/admin/admin.module.css";
import { loadEditorState, type EditorState } from "@/app/_components/admin/prices/editor-state";
import { PreviewSection } from "@/app/_components/admin/prices/preview-section";
import own from "@/app/_components/admin/prices/prices.module.css";
import { CurrencySection } from "@/app/_components/admin/prices/currency-section";
import { RatesSection } from "@/app/_components/admin/prices/rates-section";
import { RuleLists, type VoucherName } from "@/app/_components/admin/prices/rule-lists";
import { RuleSummary } from "@/app/_components/admin/prices/rule-summary";
import { adminPage } from "@/lib/shop/admin-guard";
import { roleAllows } from "@/lib/auth/roles";
import { previewRules } from "@/lib/shop/pricing-admin";
import { shopOverriddenSettings } from "@/lib/shop/pricing";
import { catalogPricingTargets } from "@/lib/catalog/catalog-brands";
import { catalogVouchers } from "@/lib/catalog/catalog-vouchers";
import { discardEdits, previewRates, removeRule, saveEdits } from "./actions";

type Props = { searchParams: Promise<{ page?: string; saved?: string }> };

/** Names of the vouchers that have rules, read only when some do (every voucher list is a KV read). */
async function voucherNames(state: EditorState): Promise<Map<string, VoucherName>> {
  if (Object.keys(state.working.content.vouchers).length === 0) return new Map();
  const vouchers = await catalogVouchers(state.deps.catalog);
  if (!vouchers.ok) return new Map();
  return new Map(vouchers.value.map((v) => [String(v.voucherId), { name: v.name, serviceId: v.serviceId, serviceName: v.serviceName }]));
}

export default adminPage("staff", async ({ searchParams }: Props, admin) => {
  const t = await getTranslations("admin.prices");
  const tHistory = await getTranslations("admin.prices.history");
  const format = await getFormatter();
  const { page, saved } = await searchParams;
  const owner = roleAllows(admin.role, "owner");
  const state = await loadEditorState(admin);
  const { rules, draft, working } = state;
  const [targets, names, preview, overridden] = await Promise.all([
    catalogPricingTargets(state.deps.catalog),
    voucherNames(state),
    draft ? previewRules(state.deps, draft.content) : null,
    shopOverriddenSettings(),
  ]);
  const content = working.content;

  return (
    <>
      <h1>{t("title")}</h1>
      {saved && (
        <p role="status" className={styles.success} data-testid="saved-message">
          {t("saved", { version: saved })}
        </p>
      )}
      <p>
        {rules.savedBy === "settings" ? t("currentFromSettings", { version: rules.version }) : t("current", { version: rules.version, by: rules.savedBy })}{" "}
        <time dateTime={new Date(rules.savedAt).toISOString()}>{format.dateTime(rules.savedAt, { dateStyle: "medium", timeStyle: "short" })}</time>
        {rules.savedBy !== "settings" && versionNote(rules, tHistory) && ` — ${versionNote(rules, tHistory)}`} <Link href="/admin/prices/history">{t("historyLink")}</Link>
      </p>
      {overridden.length > 0 && (
        <div className="notice" data-testid="overridden-settings">
          <p>{t("overridden.intro")}</p>
          <ul>
            {overridden.map((entry) => (
              <li key={entry.setting}>{t(`overridden.${entry.setting}`, { configured: entry.configured, inForce: entry.inForce })}</li>
            ))}
          </ul>
          <p>
            <a href="#currency">{t("overridden.toControl")}</a>
          </p>
        </div>
      )}
      {state.staleRates.length > 0 && (
        <p className="notice" role="alert">
          {t("staleRates", { currencies: state.staleRates.map((rate) => rate.currency).join(", "), hours: state.rateMaxAgeHours })}
        </p>
      )}
      {!owner && <p>{t("staffNote")}</p>}
      {owner && draft && preview && <PreviewSection draft={draft} currentVersion={rules.version} currentCurrency={rules.storeCurrency} preview={preview} page={Number(page) || 1} save={saveEdits} discard={discardEdits} />}
      {owner && !draft && <p>{t("noDraft")}</p>}
      {!targets.ok && (
        <p className="notice" role="alert">
          {t("catalogUnavailable")}
        </p>
      )}

      <CurrencySection storeCurrency={rules.storeCurrency} canChange={owner} />
      <RatesSection content={content} now={state.deps.clock.now()} maxAgeHours={state.rateMaxAgeHours} action={owner ? previewRates : undefined} />

      <section aria-labelledby="rules-global">
        <h2 id="rules-global">{t("lists.global.title")}</h2>
        <p className={own.hint}>{t("lists.global.hint")}</p>
        <p className={styles.row}>
          <RuleSummary rule={content.global} currency={content.storeCurrency} />
          {owner && <Link href="/admin/prices/rule?level=global">{t("lists.editGlobal")}</Link>}
        </p>
      </section>
      <RuleLists content={content} targets={targets.ok ? targets.value : null} voucherNames={names} remove={owner ? removeRule : undefined} />
    </>
  );
});
