import { useLocale, useTranslations } from "next-intl";
import { localePath } from "@/lib/i18n/locale-path";
import styles from "./layout.module.css";

export function SiteFooter() {
  const t = useTranslations("layout");
  const lookup = useTranslations("order.lookup");
  const locale = useLocale();
  return (
    <footer className={styles.footer}>
      <div className={styles.bar}>
        <p>{t("footerWhat")}</p>
        <p>{t("footerFees")}</p>
        <p>
          <a href={localePath(locale, "/orders")}>{lookup("link")}</a>
        </p>
      </div>
    </footer>
  );
}
