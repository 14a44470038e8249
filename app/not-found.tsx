import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = { title: "Not found · Voucher Storefront", robots: { index: false } };

// Only for a path proxy.ts does not route to a language (a route handler's unknown sub-path):
// every page path gets the 404 in the visitor's language (app/[locale]/not-found.tsx).
export default function RootNotFound() {
  return (
    <html lang="en">
      <body>
        <main>
          <section className="empty-state" aria-labelledby="not-found-title">
            <h1 id="not-found-title">We could not find that page</h1>
            <p>The link may be mistyped.</p>
            <a href="/" className="button">
              Browse all products
            </a>
          </section>
        </main>
      </body>
    </html>
  );
}
