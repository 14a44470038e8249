import { useTranslations } from "next-intl";
import { LanguageSwitch } from "./language-switch";
import { LogoMark } from "./logo-mark";
import { ThemeToggle } from "./theme-toggle";
import styles from "./layout.module.css";

export function SiteHeader() {
  const t = useTranslations("layout");
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        {/* A plain link: next/link would add its client code to every page for one link home. */}
        <a href="/" className={styles.brand}>
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
