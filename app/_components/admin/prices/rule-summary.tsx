// One rule in words, as the editor's lists and a past version show it: markup and fixed amount,
// tiers, rounding, minimum margin and ceiling. Amounts are in the store currency's minor units.
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { formatMoney } from "@/lib/money/format-money";
import type { Rule } from "@/lib/pricing/rule-set";

export async function RuleSummary({ rule, currency }: { rule: Rule; currency: string }) {
  const t = await getTranslations("admin.prices.summary");
  const tRounding = await getTranslations("admin.prices.rounding");
  const locale = await getLocale();
  const money = (minor: number) => formatMoney({ minor, currency }, locale);
  const parts = [
    t("markup", { percent: rule.markupPercent }) + (rule.fixedMinor > 0 ? t("plusFixed", { amount: money(rule.fixedMinor) }) : ""),
    ...rule.tiers.map((tier) => t("tier", { from: money(tier.fromCostMinor), percent: tier.markupPercent })),
    rule.rounding.mode === "step" ? t("roundingStep", { step: money(rule.rounding.stepMinor) }) : tRounding(rule.rounding.mode),
    rule.minMargin.minor > 0 || rule.minMargin.percent !== "0"
      ? t("minMargin", { amount: money(rule.minMargin.minor), percent: rule.minMargin.percent })
      : t("noMinMargin"),
    rule.ceiling ? t("ceiling", { percent: rule.ceiling.faceValuePercent }) : t("noCeiling"),
  ];
  const format = await getFormatter();
  return <span>{format.list(parts, { type: "unit" })}</span>;
}
