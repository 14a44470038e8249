import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { isLocale } from "@/lib/i18n/locales";
import type { ReactNode } from "react";
import { currentUpstream } from "@/lib/config/upstream-fingerprint";

// The shop's pages live under the fingerprint of the upstream they show (proxy.ts rewrites
// / and /products/… here; buyers never see this segment). Next caches rendered pages by URL,
// so a page rendered for another upstream – by an earlier run of the same build – sits under
// another fingerprint, and this check makes sure it is never rendered for this one.
// No params at build: nothing is prerendered before the upstream is known.
export async function generateStaticParams(): Promise<{ upstream: string }[]> {
  return [];
}

export default async function UpstreamLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string; upstream: string }> }) {
  const { locale, upstream } = await params;
  if (isLocale(locale)) setRequestLocale(locale);
  if (upstream !== currentUpstream()) notFound();
  return children;
}
