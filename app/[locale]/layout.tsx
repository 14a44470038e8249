import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { DemoBanner } from "./_components/layout/demo-banner";
import { SiteFooter } from "./_components/layout/site-footer";
import { SiteHeader } from "./_components/layout/site-header";
import { MAIN_ID, SkipLink } from "./_components/layout/skip-link";
import { ThemeScript } from "./_components/layout/theme-script";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Voucher Storefront – game vouchers and top-ups", template: "%s · Voucher Storefront" },
  description: "Game vouchers and balance top-ups, delivered in minutes.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f5f6fa" },
    { media: "(prefers-color-scheme: dark)", color: "#0c0e15" },
  ],
};

// No request data (cookies, headers) is read here: every page stays static and is served from
// Next's cache, and the per-visitor bits (theme, label language) are applied in the browser.
// The demo banner depends on the mode only, which is part of every cached page's URL
// (app/by-upstream/[upstream]).
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The pre-paint script may set data-theme before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript />
      </head>
      <body>
        <SkipLink />
        <DemoBanner />
        <SiteHeader />
        <main id={MAIN_ID} tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}
