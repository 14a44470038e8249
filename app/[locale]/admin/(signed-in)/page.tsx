// GET /admin?range=7|30 – the dashboard: facts about this shop and this session, then the
// operations (partner balance, sales over 7 or 30 days, health, and the owner's sales controls).
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import styles from "@/app/_components/admin/admin.module.css";
import { OperationsDashboard } from "@/app/_components/admin/operations/operations-dashboard";
import { listAudit } from "@/lib/audit";
import { adminPage } from "@/lib/shop/admin-guard";
import { totpEnabled } from "@/lib/auth/totp";
import { env } from "@/lib/config/env";
import { shopMode } from "@/lib/config/shop-mode";
import { getKv } from "@/lib/kv/get-kv";
import { loadRulesForEditor } from "@/lib/shop/pricing-admin";
import { shopRulesDeps } from "@/lib/shop/pricing";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ denied?: string; range?: string }> };

export default adminPage("staff", async ({ params, searchParams }: Props, admin) => {
  const tAdmin = await getTranslations("admin");
  const t = (key: string) => tAdmin(`dashboard.${key}` as "dashboard.title");
  const { denied, range } = await searchParams;
  const { locale } = await params;
  const kv = await getKv();
  const [twoFactor, audit, prices] = await Promise.all([
    totpEnabled(kv, admin.email),
    admin.role === "owner" ? listAudit(1, { kv, perPage: 1 }) : null,
    // Rates older than PRICE_RATE_MAX_AGE_HOURS are still used: the owner must be told here.
    shopRulesDeps().then((deps) => loadRulesForEditor(deps, env().PRICE_RATE_MAX_AGE_HOURS)),
  ]);
  return (
    <>
      <h1>{t("title")}</h1>
      {denied === "owner" && (
        <p className="notice" role="alert">
          {t("denied")}
        </p>
      )}
      {prices.staleRates.length > 0 && (
        <p className="notice" role="alert">
          {tAdmin("dashboard.staleRates", { hours: prices.rateMaxAgeHours, currencies: prices.staleRates.map((rate) => rate.currency).join(", ") })}{" "}
          <Link href="/admin/prices">{t("staleRatesLink")}</Link>
        </p>
      )}
      <dl className={styles.facts}>
        <dt>{t("signedInAs")}</dt>
        <dd>{admin.email}</dd>
        <dt>{t("role")}</dt>
        <dd>{tAdmin(`roles.${admin.role}`)}</dd>
        <dt>{t("mode")}</dt>
        <dd>{t(`modes.${shopMode()}`)}</dd>
        <dt>{t("twoFactor")}</dt>
        <dd>{twoFactor ? t("twoFactorOn") : t("twoFactorOff")}</dd>
        {audit && (
          <>
            <dt>{t("auditRows")}</dt>
            <dd>{audit.total}</dd>
          </>
        )}
      </dl>
      <OperationsDashboard range={range === "30" ? 30 : 7} canEdit={admin.role === "owner"} locale={locale} />
    </>
  );
});
