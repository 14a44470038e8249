"use client";
// Shown when a page cannot be rendered at all, e.g. upstream is down and no copy of the
// catalogue has been kept yet. Internals stay in the server log; the buyer gets a way forward.
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <section className="empty-state" aria-labelledby="error-title">
      <h1 id="error-title">The shop is taking a short break</h1>
      <p>We could not load this page just now. Nothing was bought or charged. Please try again in a moment.</p>
      <button type="button" className="button" onClick={reset}>
        Try again
      </button>
    </section>
  );
}
