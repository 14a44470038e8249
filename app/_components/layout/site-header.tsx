import { useLocale, useTranslations } from "next-intl";
import { localePath } from "@/lib/i18n/locale-path";
import { LanguageSwitch } from "./language-switch";
import { LogoMark } from "./logo-mark";
import { ThemeToggle } from "./theme-toggle";
import styles from "./layout.module.css";

export function SiteHeader() {
  const t = useTranslations("layout");
  const locale = useLocale();
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        {/* A plain link: next/link would add its client code to every page for one link home. */}
        <a href={localePath(locale, "/")} className={styles.brand}>
          <LogoMark />
          <span>{t("brand")}</span>
        </a>
        <div className={styles.tools}>
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
