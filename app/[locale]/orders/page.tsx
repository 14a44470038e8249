// /orders (and /zh/orders) – "Find my orders": a buyer who lost an order link asks for the links
// by email (app/_components/order/order-links-form.tsx). Nothing about any order is ever shown here.
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ClientWords } from "@/app/_components/i18n/client-words";
import { OrderLinksForm } from "@/app/_components/order/order-links-form";
import { languageAlternates } from "@/app/_components/seo/language-alternates";
import { clientWords } from "@/lib/i18n/client-words";
import { isLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "order.lookup" });
  return { title: t("title"), alternates: languageAlternates("/orders", isLocale(locale) ? locale : "en") };
}

export default async function FindOrders({ params }: Props) {
  const { locale } = await params;
  if (isLocale(locale)) setRequestLocale(locale);
  const language = isLocale(locale) ? locale : "en";
  const t = await getTranslations("order.lookup");
  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      <ClientWords locale={language} messages={clientWords(language, "orderLookup")}>
        <OrderLinksForm />
      </ClientWords>
    </>
  );
}
