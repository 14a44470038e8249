import { useLocale, useTranslations } from "next-intl";
import { localePath } from "@/lib/i18n/locale-path";

// No generateMetadata here: Next resolves a 404's metadata outside the page's request scope, where
// the language is not set and reading it from the request would make the static product page
// dynamic. The title is rendered with the page instead (React puts <title> in the head).
export default function NotFound() {
  const t = useTranslations();
  const locale = useLocale();
  return (
    <section className="empty-state" aria-labelledby="not-found-title">
      <title>{t("meta.template").replace("%s", t("meta.notFound"))}</title>
      <h1 id="not-found-title">{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      {/* A plain link, as in the header: next/link here would load with every page's layout. */}
      <a href={localePath(locale, "/")} className="button">
        {t("notFound.browse")}
      </a>
    </section>
  );
}
