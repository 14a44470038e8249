// The frame of every signed-in admin page: who is signed in, the navigation (grouped, from one
// list: app/_components/admin/nav-items.ts), sign-out, and the banners
// for a low partner balance, paused sales and open alerts. Each page checks its own role as well.
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import type { ReactNode } from "react";
import { AlertsBanner } from "@/app/_components/admin/alerts/alerts-banner";
import { navGroups } from "@/app/_components/admin/nav-items";
import { LowBalanceBanner } from "@/app/_components/admin/operations/low-balance-banner";
import { SignOutButton } from "@/app/_components/admin/sign-out-button";
import styles from "@/app/_components/admin/admin.module.css";
import { requireAdmin } from "@/lib/shop/admin-guard";
import { setSegmentLocale } from "@/lib/auth/guard/admin-locale";
import { roleAllows } from "@/lib/auth/roles";

export default async function SignedInLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await setSegmentLocale({ params });
  const admin = await requireAdmin("staff");
  const t = await getTranslations("admin");
  return (
    <div className={styles.shell}>
      <nav className={styles.nav} aria-label={t("nav.label")}>
        {navGroups((item) => roleAllows(admin.role, item.role)).map(({ group, items }) => (
          <div key={group} className={styles.navGroup} data-testid="admin-nav-group">
            <span id={`nav-${group}`} className={styles.navHeading}>
              {t(`nav.groups.${group}`)}
            </span>
            <ul aria-labelledby={`nav-${group}`}>
              {items.map((item) => (
                <li key={item.href}>
                  <Link href={item.href}>{t(`nav.${item.label}`)}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className={styles.navAccount}>
          <span className={styles.who}>{t("nav.signedInAs", { email: admin.email, role: t(`roles.${admin.role}`) })}</span>
          <SignOutButton />
        </div>
      </nav>
      <div>
        <LowBalanceBanner />
        <AlertsBanner locale={locale} />
        {children}
      </div>
    </div>
  );
}
