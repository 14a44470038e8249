import { useLocale } from "next-intl";
import { LOCALE_NAMES, LOCALE_TAGS, LOCALES } from "@/lib/i18n/locales";
import { processTranslator } from "@/lib/i18n/process-translator";
import styles from "./layout.module.css";

/**
 * The other language, as a button that posts the choice to /api/language (a cookie, then back to
 * this page): a form rather than a link, so that no prefetch ever changes a buyer's language,
 * and it works without scripts. Each language is named in itself. Its label takes a value, which
 * next-intl's per-request translator would parse on every view of a page rendered per view.
 */
export function LanguageSwitch() {
  const current = useLocale();
  const t = processTranslator(current);
  return (
    <form method="post" action="/api/language" className={styles.languages} aria-label={t("layout.language")}>
      {LOCALES.filter((locale) => locale !== current).map((locale) => (
        <button
          key={locale}
          type="submit"
          name="locale"
          value={locale}
          lang={LOCALE_TAGS[locale]}
          className={styles.languageButton}
          aria-label={t("layout.languageSwitch", { language: LOCALE_NAMES[locale] })}
        >
          {LOCALE_NAMES[locale]}
        </button>
      ))}
    </form>
  );
}
