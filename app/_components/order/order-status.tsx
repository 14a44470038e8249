"use client";
// The buyer's order, kept current from what the server rendered (so the page is complete
// without scripts): SWR looks again when the server says to (Retry-After: soon after the order
// last moved, ever less often while it does not) until the order is final, and on focus and
// reconnect.
import { useClientLocale, useClientWords } from "../i18n/client-words";
import { useState } from "react";
import useSWR from "swr";
import type { PublicOrder } from "@/lib/checkout/public-order";
import { LOCALE_TAGS, type Locale } from "@/lib/i18n/locales";
import { useMoney } from "../i18n/use-money";
import { activationKey } from "./activation-text";
import { CopyButton } from "./copy-button";
import { fetchOrder, FIRST_LOOK_MS, refreshInterval, retryActivation } from "./fetch-order";
import styles from "./order.module.css";

/** One per language: a formatter costs far more to build than to use, and every render uses it per step. */
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** Same text on the server and in the browser, whatever their time zones. */
function when(iso: string, locale: Locale): string {
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })));
  return `${format.format(new Date(iso))} UTC`;
}

/** How to redeem the order's code, in the page's language (the product page's steps for its platform). */
export interface RedeemHelp {
  where: string;
  steps: string[];
}

export function OrderStatus({ initial, capabilityKey, redeem }: { initial: PublicOrder; capabilityKey: string; redeem: RedeemHelp | null }) {
  const shown = { order: initial, lookAgainMs: FIRST_LOOK_MS };
  const { data, error, mutate } = useSWR(["order", initial.order_id], () => fetchOrder(initial.order_id, capabilityKey), {
    fallbackData: shown,
    refreshInterval: (latest) => refreshInterval(latest, shown),
  });
  const t = useClientWords("order");
  const locale = useClientLocale();
  const money = useMoney();
  const order = data?.order ?? initial;
  // A retried activation answers the whole order; the server's next hint comes with the next look.
  const show = (next: PublicOrder) => void mutate({ order: next, lookAgainMs: FIRST_LOOK_MS }, { revalidate: false });
  const failed = order.final && order.delivery === null && order.money !== "refunded";

  return (
    <div className={styles.order}>
      {order.test ? <p className="notice">{t("test")}</p> : null}
      <section className={styles.status} aria-labelledby="status-title">
        <h2 id="status-title" className={styles.statusTitle} aria-live="polite">
          {order.checking ? t("checking") : t(`status.${order.status}`)}
        </h2>
        <p className={failed ? styles.moneyReleased : styles.money} aria-live="polite">
          {t(`money.${order.money}`, { amount: order.refunded ? money.format(order.refunded) : "" })}
        </p>
        {order.checking ? <p className={styles.hint}>{t("checkingText")}</p> : null}
        {order.reason_code ? <p className={styles.reason}>{t(`reason.${order.reason_code}`)}</p> : null}
        {order.payment_url ? (
          <p>
            <a className="button" href={order.payment_url}>
              {t("payNow")}
            </a>
          </p>
        ) : null}
        {!order.final && !order.payment_url ? <p className={styles.hint}>{t("updates")}</p> : null}
        {error ? (
          <p className={styles.hint} role="status">
            {t("refreshFailed")}
          </p>
        ) : null}
      </section>

      {order.delivery ? <Delivery order={order} capabilityKey={capabilityKey} redeem={redeem} onChange={show} /> : null}

      <dl className={styles.facts}>
        <div>
          <dt>{t("product")}</dt>
          <dd>{order.product}</dd>
        </div>
        <div>
          <dt>{t("price")}</dt>
          <dd>{money.format(order.price)}</dd>
        </div>
        <div>
          <dt>{t("number")}</dt>
          <dd className={styles.mono}>{order.order_id}</dd>
        </div>
      </dl>

      {order.history.length > 0 ? (
        <section aria-labelledby="history-title">
          <h2 id="history-title" className={styles.subTitle}>
            {t("history")}
          </h2>
          <ol className={styles.history}>
            {order.history.map((step) => (
              <li key={`${step.status}-${step.at}`}>
                <span>{step.status === "partly_refunded" ? t("step.partly_refunded", { amount: step.amount ? money.format(step.amount) : "" }) : t(`step.${step.status}`)}</span> <time dateTime={step.at}>{when(step.at, locale)}</time>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {/* Only while a code is or may still be on this page: the link is what guards it. */}
      {order.delivery?.code || !order.final ? <p className={styles.hint}>{t("private")}</p> : null}
    </div>
  );
}

function Delivery({ order, capabilityKey, redeem, onChange }: { order: PublicOrder; capabilityKey: string; redeem: RedeemHelp | null; onChange: (order: PublicOrder) => void }) {
  const t = useClientWords("order");
  const locale = useClientLocale();
  const delivery = order.delivery;
  const [retry, setRetry] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  if (!delivery) return null;
  const activation = activationKey(delivery.activation);

  async function tryAgain() {
    setRetry({ busy: true, message: null });
    try {
      onChange(await retryActivation(order.order_id, capabilityKey));
      setRetry({ busy: false, message: null });
    } catch (error) {
      setRetry({ busy: false, message: error instanceof Error ? error.message : t("retryFailed") });
    }
  }

  if (delivery.code === null) {
    return (
      <section className={styles.delivery} aria-labelledby="delivery-title">
        <h2 id="delivery-title" className={styles.subTitle}>
          {t("deliveredTitle")}
        </h2>
        <p>{t("deliveredText")}</p>
      </section>
    );
  }
  return (
    <section className={styles.delivery} aria-labelledby="delivery-title">
      <h2 id="delivery-title" className={styles.subTitle}>
        {t("codeTitle")}
      </h2>
      <div className={styles.codeRow}>
        <code className={styles.code} aria-label={t("code")}>
          {delivery.code}
        </code>
        <CopyButton text={delivery.code} label={t("copyCode")} />
      </div>
      {delivery.code_2 ? (
        <div className={styles.codeRow}>
          <code className={styles.code} aria-label={t("secondPart")}>
            {delivery.code_2}
          </code>
          <CopyButton text={delivery.code_2} label={t("copySecond")} />
        </div>
      ) : null}
      {delivery.expires_at ? <p>{t("validUntil", { when: when(delivery.expires_at, locale) })}</p> : null}
      {redeem ? (
        <section aria-labelledby="redeem-title">
          <h3 id="redeem-title" className={styles.subTitle}>
            {t("redeemTitle")}
          </h3>
          <p>{redeem.where}</p>
          <ol>
            {redeem.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      ) : null}
      {activation ? <p>{t(activation)}</p> : null}
      {order.activation_retry ? (
        <p>
          <button type="button" className="button" onClick={tryAgain} disabled={retry.busy}>
            {retry.busy ? t("retrying") : t("retry")}
          </button>
        </p>
      ) : null}
      {retry.message ? <p role="alert">{retry.message}</p> : null}
    </section>
  );
}
