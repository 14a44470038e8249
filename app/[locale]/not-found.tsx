
export const metadata = { title: "Not found" };

export default function NotFound() {
  return (
    <section className="empty-state" aria-labelledby="not-found-title">
      <h1 id="not-found-title">We could not find that page</h1>
      <p>The product may have been removed, or the link may be mistyped.</p>
      {/* A plain link, as in the header: next/link here would load with every page's layout. */}
      <a href="/" className="button">
        Browse all products
      </a>
    </section>
  );
}
