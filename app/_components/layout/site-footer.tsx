import { useTranslations } from "next-intl";
import styles from "./layout.module.css";

export function SiteFooter() {
  const t = useTranslations("layout");
  return (
    <footer className={styles.footer}>
      <div className={styles.bar}>
        <p>{t("footerWhat")}</p>
        <p>{t("footerFees")}</p>
      </div>
    </footer>
  );
}
