// The order page's "how to redeem", next to the code: the product page's steps for the
// product's platform (app/_components/product/redemption-steps.ts), in the page's language.
// The platform comes from the catalogue; in its outage the steps that hold anywhere are shown.
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { getCatalog } from "@/lib/shop/get-catalog";
import { orderDeps } from "@/lib/shop/checkout";
import { redemptionKey } from "../product/redemption-steps";
import type { RedeemHelp } from "./order-status";

export async function redeemHelp(orderId: string, locale: Locale): Promise<RedeemHelp> {
  const [t, platform] = await Promise.all([getTranslations({ locale }), platformOf(orderId)]);
  const key = redemptionKey(platform);
  return { where: t("product.redeemIn", { where: t(`redeem.${key}.where`) }), steps: t.raw(`redeem.${key}.steps`) as string[] };
}

async function platformOf(orderId: string): Promise<string | null> {
  try {
    const read = await (await orderDeps()).store.read(orderId);
    if (!read.ok) return null;
    const { gameId } = read.value.record.item;
    return (await getCatalog()).products.find((product) => product.id === gameId)?.platform ?? null;
  } catch {
    return null;
  }
}
