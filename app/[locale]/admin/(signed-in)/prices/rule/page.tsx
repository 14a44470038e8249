// GET /admin/prices/rule?level=…&key=…(&service=…) – one rule as the owner edits it: the global
// rule, or the rule of a brand, service or voucher picked from the catalogue (a voucher after its
// service). A new rule starts as a copy of the rule it overrides. "Preview" puts it in the draft
// and shows what it does on the prices page; nothing reaches buyers until that page's "Save".
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { notFound } from "next/navigation";
import admin from "@/app/_components/admin/admin.module.css";
import { ruleAbove, ruleAt } from "@/app/_components/admin/prices/draft-edits";
import { loadEditorState } from "@/app/_components/admin/prices/editor-state";
import { PricesForm } from "@/app/_components/admin/prices/prices-form";
import styles from "@/app/_components/admin/prices/prices.module.css";
import { RuleFields } from "@/app/_components/admin/prices/rule-fields";
import { RULE_LEVELS, targetKeyProblem, type EditableLevel } from "@/app/_components/admin/prices/rule-form-schema";
import { adminPage } from "@/lib/shop/admin-guard";
import { cachedVouchers } from "@/lib/catalog/upstream-cache";
import { catalogPricingTargets } from "@/lib/catalog/catalog-brands";
import { previewRule } from "../actions";

type Props = { searchParams: Promise<{ level?: string; key?: string; service?: string }> };

const isLevel = (level: string | undefined): level is EditableLevel => RULE_LEVELS.includes(level as EditableLevel);

export default adminPage("owner", async ({ searchParams }: Props, person) => {
  const t = await getTranslations("admin.prices");
  const { level, key = "", service = "" } = await searchParams;
  if (!isLevel(level) || (level === "voucher" && !/^[1-9]\d{0,14}$/.test(service))) notFound();
  const state = await loadEditorState(person);
  const { content } = state.working;
  const targets = await catalogPricingTargets(state.deps.catalog);
  const services = targets.ok ? targets.value.services : [];
  const back = (
    <p>
      <Link href="/admin/prices">{t("editor.back")}</Link>
    </p>
  );

  // A voucher is picked from its service's list, read through the storefront's cache.
  const serviceFacts = services.find((s) => String(s.id) === (level === "voucher" ? service : key));
  const vouchers = level === "voucher" ? await cachedVouchers(state.deps.catalog, Number(service)) : null;
  const voucherList = vouchers?.ok && vouchers.value.value.kind === "vouchers" ? vouchers.value.value.vouchers : [];
  if (level === "voucher" && key === "") {
    return (
      <>
        {back}
        <h1>{t("editor.pickVoucher", { service: serviceFacts?.name ?? service })}</h1>
        {voucherList.length === 0 ? (
          <p>{t("editor.noVouchers")}</p>
        ) : (
          <form method="get" action="/admin/prices/rule" className={admin.row}>
            <input type="hidden" name="level" value="voucher" />
            <input type="hidden" name="service" value={service} />
            <label htmlFor="voucher">{t("lists.voucher.pickVoucher")}</label>
            <select id="voucher" name="key">
              {voucherList.map((voucher) => (
                <option key={voucher.voucher_id} value={voucher.voucher_id}>
                  {voucher.voucher_name} ({voucher.voucher_id})
                </option>
              ))}
            </select>
            <button className="button" type="submit">
              {t("lists.voucher.add")}
            </button>
          </form>
        )}
      </>
    );
  }

  if (targetKeyProblem(level, key)) notFound();
  const stored = ruleAt(content, level, key);
  const brand = level === "brand" ? targets.ok && targets.value.brands.find((b) => b.key === key) : null;
  // A rule for something the catalogue no longer has may still be edited or removed, never added.
  if (!stored && ((level === "brand" && !brand) || (level === "service" && !serviceFacts) || (level === "voucher" && !voucherList.some((v) => String(v.voucher_id) === key)))) notFound();
  const voucherName = voucherList.find((v) => String(v.voucher_id) === key)?.voucher_name ?? key;
  const title =
    level === "global"
      ? t("editor.titleGlobal")
      : t(`editor.title.${level}`, {
          name: level === "brand" ? (brand && brand.name) || key : level === "service" ? (serviceFacts?.name ?? key) : `${serviceFacts?.name ?? service}: ${voucherName}`,
        });
  const rule = stored ?? ruleAbove(content, level, { serviceId: service, brandKey: serviceFacts?.brandKey });

  return (
    <>
      {back}
      <h1>{title}</h1>
      <p>{stored ? t("editor.editing") : t("editor.startsFrom")}</p>
      <PricesForm
        action={previewRule}
        schema="rule"
        className={styles.editor}
        actions={
          <button className="button" type="submit">
            {t("editor.preview")}
          </button>
        }
      >
        <input type="hidden" name="level" value={level} />
        <input type="hidden" name="key" value={key} />
        <RuleFields rule={rule} currency={content.storeCurrency} />
      </PricesForm>
    </>
  );
});
