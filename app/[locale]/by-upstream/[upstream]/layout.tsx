import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { isLocale } from "@/lib/i18n/locales";
import type { ReactNode } from "react";
import { THIS_UPSTREAM } from "@/lib/shop/route-decision";

// The catalogue's pages, rendered for the upstream this process serves (/…/by-upstream/this:
// Next's own rewrites and proxy.ts send / and /products/… here; buyers never see this segment).
// Which upstream that is stays out of the URL, which Next's router must be able to write at build
// time; the page cache keys every page by the upstream's fingerprint instead, so a page rendered
// for another upstream – by an earlier run of the same build, or another shop on the same store –
// is never served for this one (docs/architecture-decisions.md 238).
// No params at build: nothing is prerendered before the upstream is known.
export async function generateStaticParams(): Promise<{ upstream: string }[]> {
  return [];
}

export default async function UpstreamLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string; upstream: string }> }) {
  const { locale, upstream } = await params;
  if (isLocale(locale)) setRequestLocale(locale);
  if (upstream !== THIS_UPSTREAM) notFound();
  return children;
}
