// GET /admin/fraud – the checkout's screening: which bot check runs, the card-testing breaker,
// the owner's rules with each one's default, the blocklist, and the recent refusals with the
// rule that refused each (what the buyer is never told). Staff may look; only the owner edits.
// The amount caps are shown in the currency the shop sells in now, converted from the one the
// owner set them in as screening converts them (decision 215), and saved in it.
import { getFormatter, getTranslations } from "next-intl/server";
import styles from "@/app/_components/admin/admin.module.css";
import { BlockForm, CloseBreakerForm, RulesForm, UnblockForm } from "@/app/_components/admin/fraud/fraud-forms";
import { adminPage } from "@/lib/shop/admin-guard";
import { roleAllows } from "@/lib/auth/roles";
import { BREAKER_ACTIONS, DEFAULT_FRAUD_RULES, type FraudRuleName } from "@/lib/fraud/fraud-rules";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { formatMoney } from "@/lib/money";
import { fraudOverview } from "@/lib/shop/fraud-admin";
import { addBlock, closeBreakerNow, removeBlock, saveFraudRules } from "./actions";
import { TableScroll } from "@/app/_components/admin/table-scroll";
import { refusalDetailText } from "@/app/_components/admin/fraud/refusal-detail-text";

type Props = { params: Promise<{ locale: string }> };

const CAP_GROUPS = ["email", "first", "ip", "account"] as const;
const CAP_RULES = ["HourOrders", "DayOrders", "HourAmount", "DayAmount"] as const;

export default adminPage("staff", async ({ params }: Props, admin) => {
  const { locale: segment } = await params;
  const locale = isLocale(segment) ? segment : DEFAULT_LOCALE;
  const t = await getTranslations({ locale, namespace: "admin.fraud" });
  // A refusal's detail is said from stored words, looked up from the root (refusal-detail-text.ts).
  const root = await getTranslations({ locale });
  const format = await getFormatter({ locale });
  const overview = await fraudOverview();
  const owner = roleAllows(admin.role, "owner");
  const { rules, currency, setIn, convertible } = overview.caps;
  const when = (ms: number) => <time dateTime={new Date(ms).toISOString()}>{format.dateTime(ms, { dateStyle: "medium", timeStyle: "short" })}</time>;
  const numberField = (name: FraudRuleName, label: string, hint: string) => (
    <label key={name}>
      {label}
      <input name={name} type="number" inputMode="numeric" min={0} step={1} defaultValue={String(rules[name])} disabled={!owner} aria-describedby={`${name}-hint`} />
      <small id={`${name}-hint`}>{hint}</small>
    </label>
  );

  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      <dl className={styles.facts}>
        <dt>{t("botCheck")}</dt>
        <dd>{overview.botCheck === "turnstile" ? t("botCheckOn") : overview.botCheck === "sandbox" ? t("botCheckSandbox") : t("botCheckOff")}</dd>
        <dt>{t("breaker")}</dt>
        <dd>{overview.breakerOpen ? <strong>{t("breakerOpen")}</strong> : t("breakerClosed")}</dd>
      </dl>
      {overview.breakerOpen && owner ? <CloseBreakerForm action={closeBreakerNow} /> : null}
      {/* The close form goes with the open breaker: the page it comes back to says who closed it. */}
      {overview.breakerClosed ? (
        <p role="status">{t("breakerClosedBy", { by: overview.breakerClosed.by, at: format.dateTime(overview.breakerClosed.at, { dateStyle: "medium", timeStyle: "short" }) })}</p>
      ) : null}

      <h2>{t("rulesTitle")}</h2>
      <p>{t("rulesVersion", { version: overview.rules.version, by: overview.rules.savedBy ?? "" })}</p>
      {owner ? null : <p className="notice">{t("ownerOnly")}</p>}
      <p data-testid="caps-currency">{t("capsCurrency", { currency })}</p>
      {setIn === currency ? null : convertible ? (
        <p className="notice">{t("capsConverted", { setIn, currency })}</p>
      ) : (
        <p className="notice" role="alert">
          {t("capsUnconvertible", { setIn, currency })}
        </p>
      )}
      <RulesForm action={saveFraudRules} expectedVersion={overview.rules.version} currency={currency}>
        {CAP_GROUPS.map((group) => (
          <fieldset key={group} disabled={!owner}>
            <legend>{t(`groups.${group}`)}</legend>
            {CAP_RULES.map((rule) => {
              const name = `${group}${rule}` as FraudRuleName;
              return numberField(name, t(`rules.${rule}`), t("defaultIs", { value: String(DEFAULT_FRAUD_RULES[name]) }));
            })}
          </fieldset>
        ))}
        <fieldset disabled={!owner}>
          <legend>{t("groups.breaker")}</legend>
          {(["breakerDeclines", "breakerWindowMinutes", "breakerQuietMinutes"] as const).map((name) =>
            numberField(name, t(`rules.${name}`), t("defaultPlain", { value: String(DEFAULT_FRAUD_RULES[name]) })),
          )}
          <label>
            {t("rules.breakerAction")}
            <select name="breakerAction" defaultValue={rules.breakerAction} aria-describedby="breakerAction-hint">
              {BREAKER_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {t(`actions.${action}`)}
                </option>
              ))}
            </select>
            <small id="breakerAction-hint">{t("defaultPlain", { value: t(`actions.${DEFAULT_FRAUD_RULES.breakerAction}`) })}</small>
          </label>
        </fieldset>
      </RulesForm>

      <h2>{t("blocklist")}</h2>
      <p>{t("blocklistIntro")}</p>
      {overview.blocklist.length === 0 ? (
        <p>{t("noBlocks")}</p>
      ) : (
        <TableScroll>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t("kind")}</th>
                <th scope="col">{t("value")}</th>
                <th scope="col">{t("reason")}</th>
                <th scope="col">{t("by")}</th>
                <th scope="col">{t("at")}</th>
                {owner ? <th scope="col">{t("remove")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {overview.blocklist.map((entry) => (
                <tr key={`${entry.kind}:${entry.value}`}>
                  <td>{t(`kinds.${entry.kind}`)}</td>
                  <td>
                    <code>{entry.value}</code>
                  </td>
                  <td>{entry.reason}</td>
                  <td>{entry.by}</td>
                  <td>{when(entry.at)}</td>
                  {owner ? (
                    <td>
                      <UnblockForm action={removeBlock} kind={entry.kind} value={entry.value} />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {owner ? <BlockForm action={addBlock} /> : null}

      <h2>{t("refusals")}</h2>
      {overview.refusals.length === 0 ? (
        <p>{t("noRefusals")}</p>
      ) : (
        <TableScroll>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t("when")}</th>
                <th scope="col">{t("rule")}</th>
                <th scope="col">{t("detail")}</th>
                <th scope="col">{t("buyer")}</th>
                <th scope="col">{t("amount")}</th>
              </tr>
            </thead>
            <tbody>
              {overview.refusals.map((refusal) => (
                <tr key={refusal.id}>
                  <td>{when(refusal.at)}</td>
                  <td>
                    <code>{refusal.rule}</code>
                  </td>
                  <td>{refusalDetailText(refusal.detail, root, locale)}</td>
                  <td>{[refusal.email, refusal.ip, refusal.country, refusal.account].filter(Boolean).join(" · ")}</td>
                  <td>{refusal.amount ? formatMoney(refusal.amount, locale) : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
});
