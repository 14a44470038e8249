"use client";
// Shown when a page cannot be rendered at all. The catalogue being unreachable (upstream down,
// no copy kept) has its own words; anything else stays in the server log, and the buyer gets
// a way forward either way.
import { CATALOG_UNAVAILABLE_DIGEST } from "@/lib/catalog/catalog-unavailable-error";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const catalogue = error.digest === CATALOG_UNAVAILABLE_DIGEST;
  return (
    <section className="empty-state" aria-labelledby="error-title">
      <h1 id="error-title">{catalogue ? "Catalogue temporarily unavailable" : "The shop is taking a short break"}</h1>
      <p>
        {catalogue
          ? "We cannot reach our supplier just now. Nothing was bought or charged. Please try again in a minute."
          : "We could not load this page just now. Nothing was bought or charged. Please try again in a moment."}
      </p>
      <button type="button" className="button" onClick={reset}>
        Try again
      </button>
    </section>
  );
}
