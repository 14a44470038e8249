// The catalogue list's filters: a plain GET form, so the filtered list is a URL the server
// renders (and can be bookmarked), with or without JavaScript.
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import type { CatalogueQuery } from "./catalogue-query";
import styles from "./catalogue.module.css";

const CHOICES = {
  visibility: ["all", "visible", "hidden"],
  featured: ["all", "yes", "no"],
  fresh: ["all", "new", "known"],
} as const;

export async function CatalogueFilterForm({ query }: { query: CatalogueQuery }) {
  const t = await getTranslations("admin.catalogue.filters");
  return (
    <form className={styles.filters} action="/admin/catalogue" method="get" role="search" aria-label={t("label")}>
      <label>
        {t("search")}
        <input type="search" name="q" defaultValue={query.q} maxLength={100} />
      </label>
      {(Object.keys(CHOICES) as (keyof typeof CHOICES)[]).map((name) => (
        <label key={name}>
          {t(name)}
          <select name={name} defaultValue={query[name]}>
            {CHOICES[name].map((choice) => (
              <option key={choice} value={choice}>
                {t(`${name}Choices.${choice}` as "visibilityChoices.all")}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button className="button" type="submit">
        {t("apply")}
      </button>
      <Link href="/admin/catalogue">{t("clear")}</Link>
    </form>
  );
}
