import { useLocale, useTranslations } from "next-intl";
import { LOCALE_NAMES, LOCALE_TAGS, LOCALES } from "@/lib/i18n/locales";
import styles from "./layout.module.css";

/**
 * The other language, as a button that posts the choice to /api/language (a cookie, then back to
 * this page): a form rather than a link, so that no prefetch ever changes a buyer's language,
 * and it works without scripts. Each language is named in itself.
 */
export function LanguageSwitch() {
  const t = useTranslations("layout");
  const current = useLocale();
  return (
    <form method="post" action="/api/language" className={styles.languages} aria-label={t("language")}>
      {LOCALES.filter((locale) => locale !== current).map((locale) => (
        <button
          key={locale}
          type="submit"
          name="locale"
          value={locale}
          lang={LOCALE_TAGS[locale]}
          className={styles.languageButton}
          aria-label={t("languageSwitch", { language: LOCALE_NAMES[locale] })}
        >
          {LOCALE_NAMES[locale]}
        </button>
      ))}
    </form>
  );
}
