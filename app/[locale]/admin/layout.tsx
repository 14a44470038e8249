// Everything under /admin: never indexed, never sent on as a referrer to another site (an
// invitation link carries its token), and the admin's words added to what the browser gets.
// "same-origin" rather than "no-referrer": under no-referrer a browser sends `Origin: null` on
// a form posted without scripts, and Next then refuses the server action as cross-origin.
import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { isLocale } from "@/lib/i18n/locales";
import { clientMessages, messagesOf } from "@/lib/i18n/messages";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "same-origin" };
}

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  const language = isLocale(locale) ? locale : "en";
  return <NextIntlClientProvider messages={{ ...clientMessages(language), admin: messagesOf(language).admin }}>{children}</NextIntlClientProvider>;
}
