// The exchange rates per upstream currency, with when each was set and a flag on those older than
// PRICE_RATE_MAX_AGE_HOURS; for the owner, one form to change, confirm, remove or add rates, whose
// "Preview" puts them in the draft like any other edit.
import { getFormatter, getTranslations } from "next-intl/server";
import type { ActionState } from "@/lib/auth/guard/admin-guard";
import type { RuleContent } from "@/lib/pricing/rule-set";
import admin from "../admin.module.css";
import { PricesForm } from "./prices-form";
import styles from "./prices.module.css";
import { checkedField, rateField } from "./rates-form-schema";
import { TableScroll } from "@/app/_components/admin/table-scroll";

interface Props {
  content: RuleContent;
  now: number;
  maxAgeHours: number;
  action?: (state: ActionState, formData: FormData) => Promise<ActionState>;
}

export async function RatesSection({ content, now, maxAgeHours, action }: Props) {
  const t = await getTranslations("admin.prices.rates");
  const format = await getFormatter();
  const rates = Object.entries(content.rates).sort(([a], [b]) => a.localeCompare(b));
  const stale = (setAt: number) => now - setAt > maxAgeHours * 3_600_000;
  const table = (
    <TableScroll>
      <table className={admin.table}>
        <thead>
          <tr>
            <th scope="col">{t("currency")}</th>
            <th scope="col">{t("rate", { store: content.storeCurrency })}</th>
            <th scope="col">{t("setAt")}</th>
            {action && <th scope="col">{t("checked")}</th>}
          </tr>
        </thead>
        <tbody>
          {rates.map(([currency, rate]) => (
            <tr key={currency} className={stale(rate.setAt) ? styles.flagged : undefined}>
              <th scope="row">{currency}</th>
              <td>
                {action ? (
                  <input
                    name={rateField(currency)}
                    defaultValue={rate.rate}
                    inputMode="decimal"
                    autoComplete="off"
                    aria-label={t("rateOf", { currency, store: content.storeCurrency })}
                  />
                ) : (
                  rate.rate
                )}
              </td>
              <td>
                <time dateTime={new Date(rate.setAt).toISOString()}>{format.dateTime(rate.setAt, { dateStyle: "medium", timeStyle: "short" })}</time>
                {stale(rate.setAt) && <strong className={styles.warnText}> {t("stale", { hours: Math.floor((now - rate.setAt) / 3_600_000) })}</strong>}
              </td>
              {action && (
                <td>
                  <input type="checkbox" name={checkedField(currency)} aria-label={t("checkedOf", { currency })} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
  return (
    <section aria-labelledby="rates">
      <h2 id="rates">{t("title")}</h2>
      <p className={styles.hint}>{t("hint", { hours: maxAgeHours, store: content.storeCurrency })}</p>
      {rates.length === 0 && <p>{t("none")}</p>}
      {action ? (
        <PricesForm
          action={action}
          schema="rates"
          label={t("title")}
          actions={
            <button className="button" type="submit">
              {t("preview")}
            </button>
          }
        >
          <input type="hidden" name="storeCurrency" value={content.storeCurrency} />
          {rates.length > 0 && table}
          <p className={styles.hint}>{t("removeHint")}</p>
          <div className={styles.pair}>
            <label>
              {t("newCurrency")}
              <input name="newCurrency" maxLength={3} autoComplete="off" />
            </label>
            <label>
              {t("newRate", { store: content.storeCurrency })}
              <input name="newRate" inputMode="decimal" autoComplete="off" />
            </label>
          </div>
        </PricesForm>
      ) : (
        rates.length > 0 && table
      )}
    </section>
  );
}
