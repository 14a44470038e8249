import { deliveryInWords } from "@/lib/catalog/format";
import type { Denomination, Product } from "@/lib/catalog/types";
import { DELIVERY_METHOD_WORDS } from "./delivery-method";
import { redemptionFor } from "./redemption-steps";
import styles from "./product.module.css";

const METHOD_DETAILS = {
  voucher_code: "Redeem it in the game or store yourself.",
  direct_topup: "We add it straight to the account you give; there is no code to redeem.",
} as const;

/** How and how fast a purchase arrives, and how a code is redeemed on the product's platform. */
export function DeliveryFacts({ product, denominations }: { product: Product; denominations: Denomination[] }) {
  const methods = new Set(product.type === "balance" ? (["direct_topup"] as const) : denominations.map((d) => d.deliveryMethod));
  const [only] = methods;
  const delivery = deliveryInWords(product.deliveryTargetMinutes, product.deliveryMaxMinutes);
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Delivery time</dt>
        <dd>{delivery.charAt(0).toUpperCase() + delivery.slice(1)}</dd>
      </div>
      {methods.size > 0 ? (
        <div>
          <dt>How you receive it</dt>
          <dd>
            {methods.size === 1 && only ? (
              <>
                <strong>{DELIVERY_METHOD_WORDS[only]}.</strong> {METHOD_DETAILS[only]}
              </>
            ) : (
              "It depends on the amount; each one says how it arrives."
            )}
          </dd>
        </div>
      ) : null}
      {methods.has("voucher_code") ? <RedeemSteps platform={product.platform} /> : null}
      {product.playerCheck ? (
        <div>
          <dt>Account check</dt>
          <dd>We look up the player before you pay, so a mistyped ID is caught early.</dd>
        </div>
      ) : null}
    </dl>
  );
}

function RedeemSteps({ platform }: { platform: string | null }) {
  const redemption = redemptionFor(platform);
  return (
    <div>
      <dt>How to redeem the code</dt>
      <dd>
        <p>In {redemption.where}:</p>
        <ol className={styles.steps}>
          {redemption.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </dd>
    </div>
  );
}
