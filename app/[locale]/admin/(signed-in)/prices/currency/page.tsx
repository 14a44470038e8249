// GET /admin/prices/currency?to=JPY – the rates a change of store currency needs: one per currency
// upstream sells in, per currency with a rate now, and for the old store currency, whose rate also
// converts the rules' fixed amounts. "Preview" puts the converted rules in the draft and shows
// them on the prices page; nothing reaches buyers until that page's "Save".
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { notFound } from "next/navigation";
import admin from "@/app/_components/admin/admin.module.css";
import { loadEditorState } from "@/app/_components/admin/prices/editor-state";
import { PricesForm } from "@/app/_components/admin/prices/prices-form";
import { rateField } from "@/app/_components/admin/prices/rates-form-schema";
import styles from "@/app/_components/admin/prices/prices.module.css";
import { adminPage } from "@/lib/shop/admin-guard";
import { upstreamCurrencies } from "@/lib/shop/pricing-admin";
import { currenciesNeeded } from "@/lib/pricing/change-store-currency";
import { isKnownCurrency } from "@/lib/money/currency";
import { previewCurrency } from "../actions";

type Props = { searchParams: Promise<{ to?: string }> };

export default adminPage("owner", async ({ searchParams }: Props, person) => {
  const t = await getTranslations("admin.prices.currency");
  const { to = "" } = await searchParams;
  if (!/^[A-Z]{3}$/.test(to) || !isKnownCurrency(to)) notFound();
  const state = await loadEditorState(person);
  const { content } = state.working;
  const from = content.storeCurrency;
  const back = (
    <p>
      <Link href="/admin/prices#currency">{t("back")}</Link>
    </p>
  );
  if (to === from) {
    return (
      <>
        {back}
        <h1>{t("pageTitle", { from, to })}</h1>
        <p className="notice">{t("already", { currency: to })}</p>
      </>
    );
  }
  const upstream = await upstreamCurrencies(state.deps.catalog);
  if (!upstream.ok) {
    return (
      <>
        {back}
        <h1>{t("pageTitle", { from, to })}</h1>
        <p className="notice" role="alert">
          {t("catalogUnavailable")}
        </p>
      </>
    );
  }
  const needed = currenciesNeeded(content, to, upstream.value);
  return (
    <>
      {back}
      <h1>{t("pageTitle", { from, to })}</h1>
      <p>{t("intro", { from, to })}</p>
      <ul>
        <li>{t("ratesNeeded", { to })}</li>
        <li>{t("amountsConverted", { from, to })}</li>
        <li>{t("percentsKept")}</li>
      </ul>
      <PricesForm
        action={previewCurrency}
        schema="currency"
        className={styles.editor}
        label={t("pageTitle", { from, to })}
        actions={
          <button className="button" type="submit">
            {t("preview")}
          </button>
        }
      >
        <input type="hidden" name="from" value={from} />
        <input type="hidden" name="to" value={to} />
        <fieldset className={styles.fieldset}>
          <legend>{t("ratesLegend", { to })}</legend>
          {needed.map((currency) => (
            <label key={currency}>
              {t("rateLabel", { currency, to })}
              {currency === from && <span className={styles.hint}> {t("oldStoreRate")}</span>}
              <input name={rateField(currency)} inputMode="decimal" autoComplete="off" />
            </label>
          ))}
        </fieldset>
      </PricesForm>
      <p className={admin.row}>
        <Link href="/admin/prices">{t("cancel")}</Link>
      </p>
    </>
  );
});
