// GET /admin/prices/history/{version} – one saved version as it was: who saved it, when and why,
// its rates and every rule; the owner can restore it from here.
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import { notFound } from "next/navigation";
import styles from "@/app/_components/admin/admin.module.css";
import own from "@/app/_components/admin/prices/prices.module.css";
import { RatesSection } from "@/app/_components/admin/prices/rates-section";
import { RestoreForm } from "@/app/_components/admin/prices/restore-form";
import { RuleLists } from "@/app/_components/admin/prices/rule-lists";
import { RuleSummary } from "@/app/_components/admin/prices/rule-summary";
import { adminPage } from "@/lib/shop/admin-guard";
import { roleAllows } from "@/lib/auth/roles";
import { env } from "@/lib/config/env";
import { rulesVersion, shopPricingAdminDeps } from "@/lib/shop/pricing-admin";
import { catalogPricingTargets } from "@/lib/catalog/catalog-brands";
import { readCurrentVersion } from "@/lib/pricing/rules-store";
import { restoreVersion } from "../../actions";

type Props = { params: Promise<{ version: string }> };

export default adminPage("staff", async ({ params }: Props, admin) => {
  const t = await getTranslations("admin.prices");
  const format = await getFormatter();
  const { version } = await params;
  if (!/^[1-9]\d{0,9}$/.test(version ?? "")) notFound();
  const deps = await shopPricingAdminDeps();
  const [set, current, targets] = await Promise.all([rulesVersion(deps, Number(version)), readCurrentVersion(deps), catalogPricingTargets(deps.catalog)]);
  if (!set) notFound();
  return (
    <>
      <p>
        <Link href="/admin/prices/history">{t("history.backToHistory")}</Link>
      </p>
      <h1>{t("history.versionTitle", { version: set.version })}</h1>
      <dl className={styles.facts}>
        <dt>{t("history.when")}</dt>
        <dd>
          <time dateTime={new Date(set.savedAt).toISOString()}>{format.dateTime(set.savedAt, { dateStyle: "medium", timeStyle: "medium" })}</time>
        </dd>
        <dt>{t("history.who")}</dt>
        <dd>{set.savedBy}</dd>
        <dt>{t("history.note")}</dt>
        <dd>{set.note || "—"}</dd>
      </dl>
      {set.version === current && <p>{t("history.isCurrent")}</p>}
      {roleAllows(admin.role, "owner") && current !== null && set.version !== current && (
        <RestoreForm version={set.version} currentVersion={current} action={restoreVersion} />
      )}
      <RatesSection content={set} now={deps.clock.now()} maxAgeHours={env().PRICE_RATE_MAX_AGE_HOURS} />
      <section aria-labelledby="rules-global">
        <h2 id="rules-global">{t("lists.global.title")}</h2>
        <p className={own.hint}>{t("lists.global.hint")}</p>
        <p>
          <RuleSummary rule={set.global} currency={set.storeCurrency} />
        </p>
      </section>
      <RuleLists content={set} targets={targets.ok ? targets.value : null} voucherNames={new Map()} />
    </>
  );
});
