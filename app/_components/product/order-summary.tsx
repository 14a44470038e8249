"use client";
import type { Ref } from "react";
import { deliveryInWords } from "@/lib/catalog/format";
import { formatMoney } from "@/lib/money/format-money";
import type { Money } from "@/lib/money/money";
import type { DeliveryMethod } from "@/lib/partner/schemas";
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
  choice: Omit<CheckoutChoice, "email" | "activation">;
  ref: Ref<HTMLElement>;
}

/** The validated order, stated plainly, and the step that pays for it. */
export function OrderSummary({ line, product, choice, ref }: OrderSummaryProps) {
  return (
    <section ref={ref} tabIndex={-1} className={styles.summary} aria-labelledby="summary-title">
      <h3 id="summary-title">Your order</h3>
      <p className={styles.summaryLine}>
        You are buying <strong>{line.itemName}</strong>
        {line.account ? (
          <>
            {" "}
            for account{" "}
            <strong className={styles.account}>
              {line.account.map((part) => (line.account?.length === 1 ? part.value : `${part.label} ${part.value}`)).join(", ")}
            </strong>
            {line.playerName ? <> ({line.playerName})</> : null}
          </>
        ) : null}{" "}
        — price <strong>{formatMoney(line.price)}</strong>.
      </p>
      <ul className={styles.summaryFacts}>
        <li>{line.productName}</li>
        <li>
          {line.deliveryMethod === "voucher_code"
            ? "You get a code to redeem yourself."
            : "We top up the account directly; there is no code to redeem."}
        </li>
        <li>Delivery: {deliveryInWords(product.deliveryTargetMinutes, product.deliveryMaxMinutes)}.</li>
        <li>Your card is only charged once your order is delivered; if it cannot be, the hold is released.</li>
      </ul>
      <CheckoutStep
        choice={choice}
        price={line.price}
        activationOffered={product.autoActivation && line.deliveryMethod === "voucher_code"}
      />
    </section>
  );
}
