import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { isLocale } from "@/lib/i18n/locales";
import { clientMessages } from "@/lib/i18n/messages";

// The order page's client part (app/_components/order) speaks through next-intl: its provider
// is here, on the one page that needs it, rather than in the locale layout, where its runtime
// would weigh on every catalogue and product page (issue 17).
export default async function OrdersLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return <NextIntlClientProvider messages={clientMessages(locale)}>{children}</NextIntlClientProvider>;
}
