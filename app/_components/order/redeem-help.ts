// The order page's "how to redeem", next to the code: the product page's steps for the
// product's platform (app/_components/product/redemption-steps.ts), in the page's language.
// The platform comes from the catalogue; in its outage the steps that hold anywhere are shown.
import { unstable_cache } from "next/cache";
import { env } from "@/lib/config/env";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";
import type { Locale } from "@/lib/i18n/locales";
import { processTranslator } from "@/lib/i18n/process-translator";
import { TAGS } from "@/lib/shop/cache-tags";
import { getCatalog } from "@/lib/shop/get-catalog";
import { redemptionKey } from "../product/redemption-steps";
import type { RedeemHelp } from "./order-status";

export async function redeemHelp(gameId: number, locale: Locale): Promise<RedeemHelp> {
  const key = redemptionKey(await platformOf(gameId).catch(() => null));
  // Its sentence takes a value: a translator kept for the process parses it once (process-translator.ts).
  const t = processTranslator(locale);
  return { where: t("product.redeemIn", { where: t(`redeem.${key}.where`) }), steps: t.raw(`redeem.${key}.steps`) as string[] };
}

/**
 * The product's platform, kept as an entry of its own under the catalogue's key parts, tags and
 * lifetime, so it changes when the catalogue does: the page is rendered on every view, and
 * reading the whole catalogue's entry from the cache (gunzip and decode) for one field was the
 * largest piece of our own code in it (docs/architecture-decisions.md 255).
 */
function platformOf(gameId: number): Promise<string | null> {
  return unstable_cache(
    async () => (await getCatalog()).products.find((product) => product.id === gameId)?.platform ?? null,
    ["order-platform", currentUpstream(), String(gameId)],
    { tags: [TAGS.catalog, TAGS.catalogList, TAGS.prices], revalidate: env().CATALOG_TTL_SECONDS },
  )();
}
