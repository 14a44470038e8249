import { useTranslations } from "next-intl";
import styles from "./layout.module.css";

export const MAIN_ID = "main";

export function SkipLink() {
  const t = useTranslations("layout");
  return (
    <a href={`#${MAIN_ID}`} className={styles.skipLink}>
      {t("skipLink")}
    </a>
  );
}
