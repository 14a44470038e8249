import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { isLocale } from "@/lib/i18n/locales";
import { messagesOf } from "@/lib/i18n/messages";

// The order page's client part (app/_components/order) speaks through next-intl: its provider
// is here, on the one page that needs it, rather than in the locale layout, where its runtime
// would weigh on every catalogue and product page (issue 17). It gets the order's words only:
// the catalogue's and the checkout's were serialized into every order page and never read.
export default async function OrdersLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return <NextIntlClientProvider messages={{ order: messagesOf(locale).order }}>{children}</NextIntlClientProvider>;
}
