// The order list's filters and search: a plain GET form, so the filtered list is a URL the
// server renders and the CSV export repeats, with or without JavaScript. The values a bad URL
// carried are shown again with what is wrong next to each, read by the same schema as the list.
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import type { Locale } from "@/lib/i18n/locales";
import { ORDER_STATES } from "@/lib/checkout/order-states";
import { ORDER_LIST_PAGE_SIZES, type QueryFieldErrors } from "@/lib/order-list/order-list-query";
import styles from "./orders.module.css";

interface Props {
  locale: Locale;
  values: Record<string, string | number | undefined>;
  errors: QueryFieldErrors;
}

export async function OrderFilterForm({ locale, values, errors }: Props) {
  const t = await getTranslations({ locale, namespace: "admin.orders.filters" });
  const value = (name: string) => (values[name] === undefined ? "" : String(values[name]));
  const field = (name: keyof QueryFieldErrors) => ({
    name,
    id: `orders-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `orders-${name}-error` : undefined,
  });
  const problem = (name: keyof QueryFieldErrors) =>
    errors[name] ? (
      <span className={styles.error} id={`orders-${name}-error`}>
        {errors[name]}
      </span>
    ) : null;
  const choice = (name: "state" | "flow" | "mode", options: readonly string[]) => (
    <label htmlFor={`orders-${name}`}>
      {t(name)}
      <select {...field(name)} defaultValue={value(name)}>
        <option value="">{t("any")}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`${name}Choices.${option}` as "stateChoices.created")}
          </option>
        ))}
      </select>
      {problem(name)}
    </label>
  );

  return (
    <form className={styles.filters} action="/admin/orders" method="get" role="search" aria-label={t("label")}>
      <label htmlFor="orders-q" className={styles.search}>
        {t("search")}
        <input type="search" {...field("q")} defaultValue={value("q")} maxLength={200} placeholder={t("searchHint")} />
        {problem("q")}
      </label>
      {choice("state", ORDER_STATES)}
      <label htmlFor="orders-from">
        {t("from")}
        <input type="date" {...field("from")} defaultValue={value("from")} />
        {problem("from")}
      </label>
      <label htmlFor="orders-to">
        {t("to")}
        <input type="date" {...field("to")} defaultValue={value("to")} />
        {problem("to")}
      </label>
      <label htmlFor="orders-product">
        {t("product")}
        <input type="text" inputMode="numeric" {...field("product")} defaultValue={value("product")} size={8} />
        {problem("product")}
      </label>
      {choice("flow", ["reservation", "pay_first"])}
      {choice("mode", ["live", "test"])}
      <label htmlFor="orders-size">
        {t("size")}
        <select {...field("size")} defaultValue={value("size") || "50"}>
          {ORDER_LIST_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        {problem("size")}
      </label>
      <button className="button" type="submit">
        {t("apply")}
      </button>
      <Link href="/admin/orders">{t("clear")}</Link>
    </form>
  );
}
