// GET /admin/orders/[orderId] – one order for the owner and staff: every id it has (ours,
// upstream's, the Checkout Session and PaymentIntent, with Stripe's dashboard linked for a live
// shop), what upstream did that the order did not expect, what the buyer's money is doing, the
// code masked behind an audited reveal, the owner's actions on it, and its event log.
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import { notFound } from "next/navigation";
import styles from "@/app/_components/admin/admin.module.css";
import { ScreeningSection } from "@/app/_components/admin/fraud/screening-section";
import { OrderActions } from "@/app/_components/admin/orders/order-actions";
import own from "@/app/_components/admin/orders/orders.module.css";
import { RevealCodeForm } from "@/app/_components/admin/orders/reveal-code-form";
import { OrderAlert } from "@/app/_components/admin/orders/order-alert";
import { UpstreamSurprises } from "@/app/_components/admin/orders/upstream-surprises";
import { adminPage } from "@/lib/shop/admin-guard";
import { setSegmentLocale } from "@/lib/auth/guard/admin-locale";
import { orderIdSchema } from "@/lib/checkout/order-record";
import { readFailure, readOrder } from "@/lib/checkout/store/order-store";
import { shopMode } from "@/lib/config/shop-mode";
import { orderMode } from "@/app/_components/admin/orders/order-mode";
import { StateBadge } from "@/app/_components/admin/orders/state-badge";
import { eventLine } from "@/app/_components/admin/orders/event-line";
import { getKv } from "@/lib/kv/get-kv";
import { formatMoney, type Money } from "@/lib/money";
import { moneyFacts, stripePaymentLink } from "@/lib/order-list/order-money";

type Props = { params: Promise<{ locale: string; orderId: string }> };

export default adminPage("staff", async ({ params }: Props, admin) => {
  const locale = await setSegmentLocale({ params });
  const { orderId: raw } = await params;
  const id = orderIdSchema.safeParse(raw.toUpperCase());
  if (!id.success) notFound();
  const orderId = id.data;
  const t = await getTranslations({ locale, namespace: "admin.orders" });
  const words = await getTranslations({ locale });
  const format = await getFormatter({ locale });
  const read = await readOrder(await getKv(), orderId);
  if (!read.ok && read.error.code === "not_found") notFound();
  // KV trouble is the error page's, as it was for any read here.
  if (!read.ok && read.error.code !== "unreadable") throw readFailure(read.error);

  const back = <Link href="/admin/orders">{t("detail.back")}</Link>;
  if (!read.ok) {
    return (
      <div className={own.page}>
        <h1>{t("detail.title", { id: orderId })}</h1>
        <p className="notice" role="alert">
          {t("unreadable")}
        </p>
        {back}
      </div>
    );
  }
  const { record } = read.value;

  const when = (at: number) => format.dateTime(at, { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
  const money = moneyFacts(record);
  const amount = (value: Money | null) => (value === null ? t("detail.none") : formatMoney(value, locale));
  const id_ = (value: string | null) => (value === null ? <span>{t("detail.none")}</span> : <code className={own.mono}>{value}</code>);
  const stripeLink = stripePaymentLink(record.payment.paymentIntentId, record.test, shopMode() === "live");

  return (
    <div className={own.page}>
      {back}
      <h1>{t("detail.title", { id: orderId })}</h1>
      <p>
        <StateBadge state={record.state} label={t(`filters.stateChoices.${record.state}`)} />
        {record.reason !== null && ` · ${t(`reasonChoices.${record.reason}`)}`}
        {record.alert !== null && <OrderAlert alert={record.alert} words={record.alertWords} label={t("needsOwner")} t={words} locale={locale} />}
      </p>

      <div className={own.sections}>
        <UpstreamSurprises surprises={record.surprises} t={words} locale={locale} when={when} />

        <section aria-labelledby="order-ids">
          <h2 id="order-ids">{t("detail.ids")}</h2>
          <dl className={styles.facts}>
            <dt>{t("detail.ours")}</dt>
            <dd>{id_(record.id)}</dd>
            <dt>{t("detail.upstream")}</dt>
            <dd>{id_(record.upstream.orderId)}</dd>
            <dt>{t("detail.session")}</dt>
            <dd>{id_(record.payment.sessionId)}</dd>
            <dt>{t("detail.intent")}</dt>
            <dd>
              {id_(record.payment.paymentIntentId)}
              {stripeLink !== null && (
                <>
                  {" "}
                  <a href={stripeLink} target="_blank" rel="noreferrer">
                    {t("detail.stripe")}
                  </a>
                </>
              )}
            </dd>
            <dt>{t("detail.refund")}</dt>
            <dd>{id_(record.payment.refundId)}</dd>
          </dl>
        </section>

        <section aria-labelledby="order-money">
          <h2 id="order-money">{t("detail.money")}</h2>
          <dl className={styles.facts}>
            <dt>{t("detail.price")}</dt>
            <dd>{amount(money.price)}</dd>
            <dt>{t("detail.held")}</dt>
            <dd>{amount(money.held)}</dd>
            <dt>{t("detail.taken")}</dt>
            <dd>{amount(money.taken)}</dd>
            <dt>{t("detail.refunded")}</dt>
            <dd>{amount(money.refunded)}</dd>
            <dt>{t("detail.cost")}</dt>
            <dd>{amount(record.upstream.amountCharged ?? record.quote.cost)}</dd>
          </dl>
        </section>

        <section aria-labelledby="order-buyer">
          <h2 id="order-buyer">{t("detail.order")}</h2>
          <dl className={styles.facts}>
            <dt>{t("columns.product")}</dt>
            <dd translate="no">{record.item.name}</dd>
            <dt>{t("columns.email")}</dt>
            <dd>{record.email}</dd>
            {record.account !== null && (
              <>
                <dt>{t("detail.account")}</dt>
                <dd>{record.account}</dd>
              </>
            )}
            <dt>{t("columns.mode")}</dt>
            <dd>
              {t(`filters.flowChoices.${record.flow}`)} · {t(`filters.modeChoices.${orderMode(record.test, shopMode())}`)}
            </dd>
            <dt>{t("columns.created")}</dt>
            <dd>{when(record.createdAt)}</dd>
            <dt>{t("detail.updated")}</dt>
            <dd>{when(record.updatedAt)}</dd>
          </dl>
        </section>

        <section aria-labelledby="order-code">
          <h2 id="order-code">{t("detail.code")}</h2>
          {record.delivery.code === null ? <p>{t("detail.noCode")}</p> : <RevealCodeForm orderId={record.id} />}
        </section>

        <ScreeningSection order={record} role={admin.role} locale={locale} />

        <OrderActions order={record} role={admin.role} locale={locale} />

        <section aria-labelledby="order-events">
          <h2 id="order-events">{t("detail.events")}</h2>
          <ol className={own.events} reversed>
            {[...record.events].reverse().map((event, i) => {
              const line = eventLine(event, words, locale);
              return (
                <li key={`${event.at}-${i}`}>
                  <time dateTime={new Date(event.at).toISOString()}>{when(event.at)}</time> — {line.move && `${line.move.from} → ${line.move.to}${t("detail.eventSeparator")}`}
                  {line.said}
                  {line.recorded !== null && <span lang="en">{line.recorded}</span>}
                </li>
              );
            })}
          </ol>
        </section>
      </div>
    </div>
  );
});
