// The store currency on the price editor: what the shop sells in, and for the owner a plain GET
// form picking another, which opens /admin/prices/currency to type the rates the change needs.
// The "ignored settings" notice links here (#currency): STORE_CURRENCY only seeded version 1.
import { getLocale, getTranslations } from "next-intl/server";
import admin from "../admin.module.css";
import styles from "./prices.module.css";

interface Props {
  storeCurrency: string;
  /** The owner may change it; staff only read it. */
  canChange: boolean;
}

/** Every currency the runtime knows, by code, with its name in the reader's language. */
function currencyChoices(locale: string, except: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: "currency" });
  return Intl.supportedValuesOf("currency")
    .filter((code) => code !== except)
    .map((code) => ({ code, name: names.of(code) ?? code }));
}

export async function CurrencySection({ storeCurrency, canChange }: Props) {
  const t = await getTranslations("admin.prices.currency");
  const locale = await getLocale();
  return (
    <section id="currency" aria-labelledby="currency-title">
      <h2 id="currency-title">{t("title")}</h2>
      <p data-testid="store-currency">{t("inForce", { currency: storeCurrency })}</p>
      {canChange && (
        <form method="get" action="/admin/prices/currency" className={`${admin.row} ${admin.inputs}`}>
          <label className={styles.stacked}>
            {t("pick")}
            <select name="to" defaultValue="">
              <option value="" disabled>
                {t("pickPlaceholder")}
              </option>
              {currencyChoices(locale, storeCurrency).map(({ code, name }) => (
                <option key={code} value={code}>
                  {code} — {name}
                </option>
              ))}
            </select>
          </label>
          <button className="button button-secondary" type="submit">
            {t("continue")}
          </button>
        </form>
      )}
      <p className={styles.hint}>{t("hint")}</p>
    </section>
  );
}
