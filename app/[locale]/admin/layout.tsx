// Everything under /admin: never indexed, never sent on as a referrer to another site (an
// invitation link carries its token), and the admin's words added to what the browser gets.
// "same-origin" rather than "no-referrer": under no-referrer a browser sends `Origin: null` on
// a form posted without scripts, and Next then refuses the server action as cross-origin.
import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { setSegmentLocale } from "@/lib/auth/guard/admin-locale";
import { clientMessages, messagesOf } from "@/lib/i18n/messages";

export const dynamic = "force-dynamic";

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Omit<Props, "children">): Promise<Metadata> {
  const locale = await setSegmentLocale({ params });
  const t = await getTranslations({ locale, namespace: "admin" });
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "same-origin" };
}

// The language is set here before anything is said (lib/auth/guard/admin-locale.ts): the
// provider gives the admin's client components their words in it.
export default async function AdminLayout({ children, params }: Props) {
  const locale = await setSegmentLocale({ params });
  return <NextIntlClientProvider messages={{ ...clientMessages(locale), admin: messagesOf(locale).admin }}>{children}</NextIntlClientProvider>;
}
