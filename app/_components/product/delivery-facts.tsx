import { useLocale, useTranslations } from "next-intl";
import type { Denomination, Product } from "@/lib/catalog/types";
import { deliveryInWords } from "../i18n/words";
import { redemptionKey } from "./redemption-steps";
import styles from "./product.module.css";

/** How and how fast a purchase arrives, and how a code is redeemed on the product's platform. */
export function DeliveryFacts({ product, denominations }: { product: Product; denominations: Denomination[] }) {
  const t = useTranslations();
  const locale = useLocale();
  const methods = new Set(product.type === "balance" ? (["direct_topup"] as const) : denominations.map((d) => d.deliveryMethod));
  const [only] = methods;
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t("product.deliveryTime")}</dt>
        <dd>{deliveryInWords(t, locale, product.deliveryTargetMinutes, product.deliveryMaxMinutes)}</dd>
      </div>
      {methods.size > 0 ? (
        <div>
          <dt>{t("product.howReceive")}</dt>
          <dd>
            {methods.size === 1 && only ? (
              <>
                <strong>
                  {t(only === "voucher_code" ? "product.methodCode" : "product.methodTopUp")}
                  {t("product.fullStop")}
                </strong>{" "}
                {t(only === "voucher_code" ? "product.methodCodeDetail" : "product.methodTopUpDetail")}
              </>
            ) : (
              t("product.dependsOnAmount")
            )}
          </dd>
        </div>
      ) : null}
      {methods.has("voucher_code") ? <RedeemSteps platform={product.platform} /> : null}
      {product.playerCheck ? (
        <div>
          <dt>{t("product.accountCheck")}</dt>
          <dd>{t("product.accountCheckText")}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function RedeemSteps({ platform }: { platform: string | null }) {
  const t = useTranslations();
  const key = redemptionKey(platform);
  const steps = t.raw(`redeem.${key}.steps`) as string[];
  return (
    <div>
      <dt>{t("product.redeemTitle")}</dt>
      <dd>
        <p>{t("product.redeemIn", { where: t(`redeem.${key}.where`) })}</p>
        <ol className={styles.steps}>
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </dd>
    </div>
  );
}
