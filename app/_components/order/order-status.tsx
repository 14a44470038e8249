"use client";
// The buyer's order, kept current: SWR polls the order until it is final (and on focus and
// reconnect), starting from what the server rendered, so the page is complete without scripts.
import { useState } from "react";
import useSWR from "swr";
import type { PublicOrder } from "@/lib/checkout/public-order";
import { formatMoney } from "@/lib/money/format-money";
import { activationText } from "./activation-text";
import { CopyButton } from "./copy-button";
import { fetchOrder, refreshInterval, retryActivation } from "./fetch-order";
import styles from "./order.module.css";

/** Same text on the server and in the browser, whatever their time zones. */
const timeFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${timeFormat.format(new Date(iso))} UTC`;

export function OrderStatus({ initial, capabilityKey }: { initial: PublicOrder; capabilityKey: string }) {
  const { data, error, mutate } = useSWR(["order", initial.order_id], () => fetchOrder(initial.order_id, capabilityKey), {
    fallbackData: initial,
    refreshInterval,
  });
  const order = data ?? initial;
  const failed = order.final && order.delivery === null && order.money !== "refunded";

  return (
    <div className={styles.order}>
      {order.test ? <p className="notice">Test order — nothing real was bought or charged.</p> : null}
      <section className={styles.status} aria-labelledby="status-title">
        <h2 id="status-title" className={styles.statusTitle} aria-live="polite">
          {order.status_text}
        </h2>
        <p className={failed ? styles.moneyReleased : styles.money} aria-live="polite">
          {order.money_text}
        </p>
        {order.reason ? <p className={styles.reason}>{order.reason}</p> : null}
        {order.payment_url ? (
          <p>
            <a className="button" href={order.payment_url}>
              Pay now
            </a>
          </p>
        ) : null}
        {!order.final && !order.payment_url ? <p className={styles.hint}>This page updates by itself.</p> : null}
        {error ? (
          <p className={styles.hint} role="status">
            Could not refresh just now; trying again.
          </p>
        ) : null}
      </section>

      {order.delivery ? <Delivery order={order} capabilityKey={capabilityKey} onChange={(next) => mutate(next, { revalidate: false })} /> : null}

      <dl className={styles.facts}>
        <div>
          <dt>Product</dt>
          <dd>{order.product}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{formatMoney(order.price)}</dd>
        </div>
        <div>
          <dt>Order number</dt>
          <dd className={styles.mono}>{order.order_id}</dd>
        </div>
      </dl>

      {order.history.length > 0 ? (
        <section aria-labelledby="history-title">
          <h2 id="history-title" className={styles.subTitle}>
            Steps so far
          </h2>
          <ol className={styles.history}>
            {order.history.map((step) => (
              <li key={`${step.status}-${step.at}`}>
                <span>{step.text}</span> <time dateTime={step.at}>{when(step.at)}</time>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <p className={styles.hint}>
        Keep this page&apos;s link private: anyone with it can see your code. We also emailed it to you.
      </p>
    </div>
  );
}

function Delivery({ order, capabilityKey, onChange }: { order: PublicOrder; capabilityKey: string; onChange: (order: PublicOrder) => void }) {
  const delivery = order.delivery;
  const [retry, setRetry] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  if (!delivery) return null;
  const activation = activationText(delivery.activation);

  async function tryAgain() {
    setRetry({ busy: true, message: null });
    try {
      onChange(await retryActivation(order.order_id, capabilityKey));
      setRetry({ busy: false, message: null });
    } catch (error) {
      setRetry({ busy: false, message: error instanceof Error ? error.message : "The activation could not be tried now." });
    }
  }

  if (delivery.code === null) {
    return (
      <section className={styles.delivery} aria-labelledby="delivery-title">
        <h2 id="delivery-title" className={styles.subTitle}>
          Delivered to your account
        </h2>
        <p>The top-up was sent straight to your game account; there is no code to redeem.</p>
      </section>
    );
  }
  return (
    <section className={styles.delivery} aria-labelledby="delivery-title">
      <h2 id="delivery-title" className={styles.subTitle}>
        Your code
      </h2>
      <div className={styles.codeRow}>
        <code className={styles.code} aria-label="Code">
          {delivery.code}
        </code>
        <CopyButton text={delivery.code} label="Copy code" />
      </div>
      {delivery.code_2 ? (
        <div className={styles.codeRow}>
          <code className={styles.code} aria-label="Second part (PIN)">
            {delivery.code_2}
          </code>
          <CopyButton text={delivery.code_2} label="Copy second part" />
        </div>
      ) : null}
      {delivery.expires_at ? <p>Valid until {when(delivery.expires_at)}.</p> : null}
      {activation ? <p>{activation}.</p> : null}
      {order.activation_retry ? (
        <p>
          <button type="button" className="button" onClick={tryAgain} disabled={retry.busy}>
            {retry.busy ? "Trying the activation…" : "Try activation again"}
          </button>
        </p>
      ) : null}
      {retry.message ? <p role="alert">{retry.message}</p> : null}
    </section>
  );
}
