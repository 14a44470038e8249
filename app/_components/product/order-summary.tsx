"use client";
import { useClientLocale, useClientWords } from "../i18n/client-words";
import { useEffect, useRef } from "react";
import type { Money } from "@/lib/money/money";
import type { DeliveryMethod } from "@/lib/partner/schemas";
import { useMoney } from "../i18n/use-money";
import { deliveryInWords } from "../i18n/words";
import { CheckoutStep } from "./checkout-step";
import type { CheckoutChoice } from "./post-checkout";
import type { ShopperProduct } from "./purchase-panel-props";
import styles from "./product.module.css";

export interface OrderLine {
  productName: string;
  /** The denomination, or the amount of a balance top-up. */
  itemName: string;
  /** The account's values with their labels, in form order; null when none is needed. */
  account: { label: string; value: string }[] | null;
  price: Money;
  deliveryMethod: DeliveryMethod;
  playerName: string | null;
}

interface OrderSummaryProps {
  line: OrderLine;
  product: ShopperProduct;
  /** What the checkout asks the shop for: ids and the typed amount, never a price. */
  choice: Omit<CheckoutChoice, "email" | "activation" | "botToken" | "locale">;
}

/**
 * The validated order, stated plainly, and the step that pays for it. It takes focus when it
 * appears, so keyboard and screen-reader users land on it (it is mounted each time it appears).
 */
export function OrderSummary({ line, product, choice }: OrderSummaryProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const t = useClientWords();
  const locale = useClientLocale();
  const money = useMoney();
  const account = line.account?.map((part) => (line.account?.length === 1 ? part.value : `${part.label} ${part.value}`)).join(", ");
  const strong = (chunks: React.ReactNode) => <strong>{chunks}</strong>;
  return (
    <section ref={ref} tabIndex={-1} className={styles.summary} aria-labelledby="summary-title">
      <h3 id="summary-title">{t("summary.title")}</h3>
      <p className={styles.summaryLine}>
        {t.rich("summary.buying", { item: line.itemName, strong })}
        {account ? t.rich("summary.forAccount", { account, mono: (chunks) => <strong className={styles.account}>{chunks}</strong> }) : null}
        {account && line.playerName ? t("summary.player", { name: line.playerName }) : null}
        {t.rich("summary.price", { price: money.format(line.price), strong })}
      </p>
      <ul className={styles.summaryFacts}>
        <li>{line.productName}</li>
        <li>{t(line.deliveryMethod === "voucher_code" ? "summary.getCode" : "summary.topUp")}</li>
        <li>{t("summary.delivery", { delivery: deliveryInWords(t, locale, product.deliveryTargetMinutes, product.deliveryMaxMinutes) })}</li>
        <li>{t("summary.charge")}</li>
      </ul>
      <CheckoutStep
        choice={choice}
        price={line.price}
        activationOffered={product.autoActivation && line.deliveryMethod === "voucher_code"}
      />
    </section>
  );
}
