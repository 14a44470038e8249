import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { isLocale } from "@/lib/i18n/locales";

// The order pages' client parts (app/_components/order) read compiled words, as the catalogue's
// do (lib/i18n/client-words.ts): each page hands its part only the words it speaks, in a
// ClientWords of its own. next-intl's client provider used to be here; on the order page, which
// is rendered on every view, it built a message format per message per request, and it brought
// next-intl's client runtime to the browser (docs/architecture-decisions.md 256).
export default async function OrdersLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return children;
}
