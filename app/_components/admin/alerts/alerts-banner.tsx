// The admin's reminder that alerts are waiting: any admin page (or the frame) can render it; it
// renders nothing while every alert is cleared or acknowledged, or when KV cannot be read (the
// page it sits on must not fail for it).
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { shopAlerts } from "@/lib/shop/alerts";
import type { Locale } from "@/lib/i18n/locales";
import styles from "./alerts.module.css";

export async function AlertsBanner({ locale }: { locale: Locale }) {
  const count = await shopAlerts()
    .then((alerts) => alerts.openCount())
    .catch((error: unknown) => {
      console.error(`[alerts] banner: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    });
  if (count === 0) return null;
  const t = await getTranslations({ locale, namespace: "admin.alerts" });
  return (
    <p className={styles.banner} role="status">
      <Link href={`/${locale}/admin/alerts`}>{t("banner", { count })}</Link>
    </p>
  );
}
