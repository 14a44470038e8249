"use client";
// Shown when a page cannot be rendered at all. The catalogue being unreachable (upstream down,
// no copy kept) has its own words; anything else stays in the server log, and the buyer gets
// a way forward either way.
import { useClientWords } from "../_components/i18n/client-words";
import { CATALOG_UNAVAILABLE_DIGEST } from "@/lib/catalog/catalog-unavailable-error";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useClientWords("error");
  const catalogue = error.digest === CATALOG_UNAVAILABLE_DIGEST;
  return (
    <section className="empty-state" aria-labelledby="error-title">
      <h1 id="error-title">{t(catalogue ? "catalogueTitle" : "title")}</h1>
      <p>{t(catalogue ? "catalogueText" : "text")}</p>
      <button type="button" className="button" onClick={reset}>
        {t("retry")}
      </button>
    </section>
  );
}
