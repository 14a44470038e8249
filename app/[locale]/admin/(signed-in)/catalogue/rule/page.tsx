// GET /admin/catalogue/rule?scope=selected&services=101,243 | ?scope=filtered&q=… – one price rule
// for many services, reached from the catalogue list's "Set a price rule": the services it is for
// and the rule each follows now, then the price editor's own rule fields. "Preview" sets the rule
// on each of them in the owner's draft and shows the editor's preview; nothing reaches buyers
// until that page's "Save". Owner only, as every price change.
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BulkRuleForm } from "@/app/_components/admin/catalogue/bulk-rule-form";
import { ruleTargetsParams, ruleTargetsSchema } from "@/app/_components/admin/catalogue/bulk-rule-form-schema";
import { catalogueHref, matchesFilters } from "@/app/_components/admin/catalogue/catalogue-query";
import own from "@/app/_components/admin/catalogue/catalogue.module.css";
import { loadEditorState } from "@/app/_components/admin/prices/editor-state";
import styles from "@/app/_components/admin/prices/prices.module.css";
import { RuleFields } from "@/app/_components/admin/prices/rule-fields";
import { adminPage } from "@/lib/shop/admin-guard";
import { listPresentation } from "@/lib/catalog/presentation";
import { catalogDeps } from "@/lib/shop/catalog-deps";
import { catalogPricingTargets } from "@/lib/catalog/catalog-brands";
import type { RuleContent } from "@/lib/pricing/rule-set";
import { previewBulkRule } from "../actions";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Services named on the page; the rest are counted. */
const LISTED = 50;

/**
 * The level whose rule a service follows now (docs/architecture-decisions.md item 69: the most specific
 * rule applies whole).
 */
function followed(content: RuleContent, serviceId: number, brandKey: string | undefined) {
  if (content.services[String(serviceId)]) return { level: "service" as const, rule: content.services[String(serviceId)] };
  if (brandKey && content.brands[brandKey]) return { level: "brand" as const, rule: content.brands[brandKey] };
  return { level: "global" as const, rule: content.global };
}

export default adminPage("owner", async ({ searchParams }: Props, person) => {
  const catalogue = await getTranslations("admin.catalogue");
  const t = await getTranslations("admin.catalogue.rule");
  const params = Object.fromEntries(Object.entries(await searchParams).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
  const parsed = ruleTargetsSchema.safeParse(params);
  if (!parsed.success) notFound();
  const targets = parsed.data;
  const state = await loadEditorState(person);
  const [rows, pricing] = await Promise.all([listPresentation(await catalogDeps()), catalogPricingTargets(state.deps.catalog)]);
  const back = (
    <p>
      <Link href={catalogueHref({ ...targets.filters, page: 1 })}>{t("back")}</Link>
    </p>
  );
  const chosen = rows.ok ? rows.value.filter((row) => (targets.scope === "selected" ? targets.ids.includes(row.id) : matchesFilters(row, targets.filters))) : [];
  if (!rows.ok || chosen.length === 0) {
    return (
      <div className={own.page}>
        {back}
        <h1>{t("title", { count: 0 })}</h1>
        <p className="notice" role="alert">
          {rows.ok ? t("noMatch") : catalogue("unavailable")}
        </p>
      </div>
    );
  }

  const { content } = state.working;
  const brandOf = new Map(pricing.ok ? pricing.value.services.map((service) => [service.id, service.brandKey]) : []);
  const now = chosen.map((row) => ({ row, ...followed(content, row.id, brandOf.get(row.id)) }));
  // One rule all of them follow now is the natural start; otherwise the shop's, as a new rule starts.
  const common = now.every(({ rule }) => JSON.stringify(rule) === JSON.stringify(now[0]?.rule));
  const start = common && now[0]?.rule ? now[0].rule : content.global;

  return (
    <div className={own.page}>
      {back}
      <h1>{t("title", { count: chosen.length })}</h1>
      <p>{t("intro")}</p>
      {state.draft && (
        <p className="notice" role="status">
          {t("draftNote")}
        </p>
      )}
      <h2 id="rule-services">{t("servicesLabel")}</h2>
      <ul aria-labelledby="rule-services">
        {now.slice(0, LISTED).map(({ row, level }) => (
          <li key={row.id}>
            {row.name} <span className={own.muted}>({row.id}) · {t(`follows.${level}`)}</span>
          </li>
        ))}
        {now.length > LISTED && <li>{t("more", { count: now.length - LISTED })}</li>}
      </ul>
      <p>{common ? t("startsFromCommon") : t("startsFromGlobal")}</p>
      <BulkRuleForm
        action={previewBulkRule}
        className={styles.editor}
        actions={
          <button className="button" type="submit">
            {t("preview")}
          </button>
        }
      >
        {Object.entries(ruleTargetsParams(targets)).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <RuleFields rule={start} currency={content.storeCurrency} />
      </BulkRuleForm>
    </div>
  );
});
