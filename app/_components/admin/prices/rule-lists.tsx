// The rules at the brand, service and voucher levels, each named as the catalogue names it, with
// (for the owner) a link to edit it and a button to remove it, and a list to pick a new one from:
// brands and services from the cached catalogue; a voucher after its service, one list at a time.
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import type { ActionState } from "@/lib/auth/guard/admin-guard";
import type { PricingTargets } from "@/lib/catalog/catalog-brands";
import type { Rule, RuleContent } from "@/lib/pricing/rule-set";
import admin from "../admin.module.css";
import { PricesForm } from "./prices-form";
import styles from "./prices.module.css";
import { RuleSummary } from "./rule-summary";
import { TableScroll } from "@/app/_components/admin/table-scroll";

type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;

export interface VoucherName {
  name: string;
  serviceId: number;
  serviceName: string;
}

interface Props {
  content: RuleContent;
  targets: PricingTargets | null;
  voucherNames: ReadonlyMap<string, VoucherName>;
  /** The owner's controls; staff see the rules only. */
  remove?: Action;
}

const LEVELS = [
  { level: "brand", record: "brands" },
  { level: "service", record: "services" },
  { level: "voucher", record: "vouchers" },
] as const;

export async function RuleLists({ content, targets, voucherNames, remove }: Props) {
  const t = await getTranslations("admin.prices");
  const brandNames = new Map(targets?.brands.map((brand) => [brand.key, brand.name]));
  const services = new Map(targets?.services.map((service) => [String(service.id), service]));
  const nameOf = (level: (typeof LEVELS)[number]["level"], key: string) => {
    if (level === "brand") return brandNames.get(key) ?? key;
    if (level === "service") return services.get(key)?.name ?? t("lists.unknownService", { id: key });
    const voucher = voucherNames.get(key);
    return voucher ? `${voucher.serviceName}: ${voucher.name}` : t("lists.unknownVoucher", { id: key });
  };
  const editHref = (level: string, key: string) => {
    const params = new URLSearchParams({ level, key });
    const voucher = voucherNames.get(key);
    if (level === "voucher" && voucher) params.set("service", String(voucher.serviceId));
    return `/admin/prices/rule?${params.toString()}`;
  };

  return (
    <>
      {LEVELS.map(({ level, record }) => {
        const rules = Object.entries(content[record] as Record<string, Rule>).sort(([a], [b]) => nameOf(level, a).localeCompare(nameOf(level, b)));
        return (
          <section key={level} aria-labelledby={`rules-${level}`}>
            <h2 id={`rules-${level}`}>{t(`lists.${level}.title`)}</h2>
            <p className={styles.hint}>{t(`lists.${level}.hint`)}</p>
            {rules.length === 0 ? (
              <p>{t(`lists.${level}.none`)}</p>
            ) : (
              <TableScroll>
                <table className={admin.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t(`lists.${level}.name`)}</th>
                      <th scope="col">{t("lists.rule")}</th>
                      {remove && <th scope="col">{t("lists.actions")}</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {rules.map(([key, rule]) => (
                      <tr key={key}>
                        <th scope="row">{nameOf(level, key)}</th>
                        <td>
                          <RuleSummary rule={rule} currency={content.storeCurrency} />
                        </td>
                        {remove && (
                          <td className={admin.row}>
                            <Link href={editHref(level, key)} aria-label={t("lists.editNamed", { name: nameOf(level, key) })}>
                              {t("lists.edit")}
                            </Link>
                            <PricesForm
                              action={remove}
                              schema="removeRule"
                              label={t("lists.removeNamed", { name: nameOf(level, key) })}
                              actions={
                                <button className="button button-secondary" type="submit" aria-label={t("lists.removeNamed", { name: nameOf(level, key) })}>
                                  {t("lists.remove")}
                                </button>
                              }
                            >
                              <input type="hidden" name="level" value={level} />
                              <input type="hidden" name="key" value={key} />
                            </PricesForm>
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
            {remove && targets && <AddRule level={level} targets={targets} exclude={new Set(Object.keys(content[record]))} />}
          </section>
        );
      })}
    </>
  );
}

/** A plain GET form to the rule editor: works without script, the choice in the address. */
async function AddRule({ level, targets, exclude }: { level: "brand" | "service" | "voucher"; targets: PricingTargets; exclude: ReadonlySet<string> }) {
  const t = await getTranslations("admin.prices.lists");
  const options =
    level === "brand"
      ? targets.brands.filter((brand) => !exclude.has(brand.key)).map((brand) => ({ value: brand.key, label: brand.name }))
      : targets.services
          .filter((service) => level === "voucher" ? service.type === "voucher" : !exclude.has(String(service.id)))
          .map((service) => ({ value: String(service.id), label: `${service.name} (${service.id})` }));
  if (options.length === 0) return null;
  const id = `add-${level}`;
  return (
    <form method="get" action="/admin/prices/rule" className={admin.row}>
      <input type="hidden" name="level" value={level} />
      <label htmlFor={id}>{t(`${level}.pick`)}</label>
      <select id={id} name={level === "voucher" ? "service" : "key"}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button className="button" type="submit">
        {t(`${level}.add`)}
      </button>
    </form>
  );
}
