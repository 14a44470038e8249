"use client";
// Search and filters over the whole snapshot, with the URL as the state, so a link shares a
// selection. The server renders the same selection into the HTML (catalog-page.tsx), from the
// same item data, which the page carries once; in the browser it follows every keystroke.
import { localePath } from "@/lib/i18n/locale-path";
import { useClientLocale, useClientWords } from "../i18n/client-words";
import { useMemo } from "react";
import { filtersToQuery, hasFilters, NO_FILTERS, parseFilters, type CatalogFilters } from "./catalog-filters";
import { normaliseText } from "@/lib/catalog/search/search-text";
import { suggestNames, type Suggestable } from "@/lib/catalog/search/suggest";
import { placeNames, selectItems, type CatalogItem, type FacetOption, type Facets } from "./catalog-items";
import { fromCatalogRow, type CatalogRow } from "./catalog-row";
import styles from "./catalog.module.css";
import { ProductCard } from "./product-card";
import { useLocationSearch } from "./use-location-search";

interface CatalogBrowserProps {
  rows: CatalogRow[];
  facets: Facets;
  /** The currency of the from-prices; null when nothing is priced. */
  currency: string | null;
  /** The query string the server rendered ("" for the plain catalogue). */
  serverSearch: string;
}

export function CatalogBrowser({ rows, facets, currency, serverSearch }: CatalogBrowserProps) {
  const t = useClientWords("catalog");
  const locale = useClientLocale();
  const names = useMemo(() => placeNames(facets), [facets]);
  const items = useMemo(() => rows.map((row) => fromCatalogRow(row, names)), [rows, names]);
  const [params, replaceSearch] = useLocationSearch(serverSearch);
  const filters = parseFilters(Object.fromEntries(params.entries()));
  // The URL updates synchronously on every keystroke, so it can hold the search box's text too.
  const current: CatalogFilters = filters;
  const query = filters.q;
  const visible = selectItems(items, current);

  function update(next: CatalogFilters) {
    replaceSearch(filtersToQuery(next));
  }

  function clear() {
    update(NO_FILTERS);
  }

  return (
    <>
      <form role="search" action={localePath(locale, "/search")} method="get" className={styles.filters} onSubmit={(e) => e.preventDefault()}>
        <div className={styles.search}>
          <label htmlFor="catalog-q" className="visually-hidden">
            {t("searchLabel")}
          </label>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" stroke="currentColor" strokeWidth="2" fill="none" />
            <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            id="catalog-q"
            name="q"
            type="search"
            value={query}
            placeholder={t("searchPlaceholder")}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(e) => update({ ...filters, q: e.target.value })}
          />
        </div>
        <FacetSelect
          name="platform"
          label={t("platform")}
          options={facets.platforms}
          value={filters.platform}
          onChange={(platform) => update({ ...current, platform })}
        />
        <FacetSelect
          name="region"
          label={t("region")}
          options={facets.regions}
          value={filters.region}
          onChange={(region) => update({ ...current, region })}
        />
        <FacetSelect
          name="country"
          label={t("country")}
          options={facets.countries}
          value={filters.country}
          onChange={(country) => update({ ...current, country })}
        />
        <div className={styles.field}>
          <label htmlFor="catalog-sort">{t("sortBy")}</label>
          <select
            id="catalog-sort"
            name="sort"
            value={filters.sort}
            onChange={(e) => update({ ...current, sort: parseFilters({ sort: e.target.value }).sort })}
          >
            <option value="recommended">{t("sortRecommended")}</option>
            <option value="price-asc">{t("sortPriceAsc")}</option>
            <option value="price-desc">{t("sortPriceDesc")}</option>
          </select>
        </div>
        <noscript>
          <button type="submit" className="button">
            {t("apply")}
          </button>
        </noscript>
      </form>

      <div className={styles.resultsBar}>
        <p role="status" className={styles.count}>
          {visible.length === items.length ? t("count", { count: items.length }) : t("countFiltered", { visible: visible.length, count: items.length })}
        </p>
        {hasFilters(current) ? (
          <button type="button" className="button button-secondary" onClick={clear}>
            {t("clearFilters")}
          </button>
        ) : null}
      </div>

      {visible.length > 0 ? (
        <ul className={styles.grid}>
          {visible.map((item) => (
            <ProductCard key={item.id} item={item} names={names} currency={currency} />
          ))}
        </ul>
      ) : (
        <NoResults items={items} query={query} onPick={(q) => update({ ...current, q })} />
      )}
    </>
  );
}

function NoResults({ items, query, onPick }: { items: readonly CatalogItem[]; query: string; onPick: (q: string) => void }) {
  const t = useClientWords("catalog");
  const locale = useClientLocale();
  const suggestions = suggestNames(query, suggestable(items));
  return (
    <div className={styles.empty}>
      <h2>{t("noResults")}</h2>
      {suggestions.length > 0 ? (
        <p>
          {`${t("didYouMean")} `}
          {suggestions.map((name, i) => (
            <span key={name}>
              {i > 0 ? (i === suggestions.length - 1 ? ` ${t("or")} ` : ", ") : null}
              {/* A link, so it works without scripts; with them, it filters in place. */}
              <a
                href={localePath(locale, `/search${filtersToQuery({ ...NO_FILTERS, q: name })}`)}
                onClick={(e) => {
                  e.preventDefault();
                  onPick(name);
                }}
              >
                {name}
              </a>
            </span>
          ))}
          ?
        </p>
      ) : null}
      <p>{t("tryAnother")}</p>
    </div>
  );
}

/** Brands and product names, each once, as suggestions to offer. */
function suggestable(items: readonly CatalogItem[]): Suggestable[] {
  const labels = new Set(items.flatMap((item) => [item.brand, item.name]));
  return [...labels].map((label) => ({ label, words: normaliseText(label).split(" ").filter(Boolean) }));
}

interface FacetSelectProps {
  name: string;
  label: string;
  options: FacetOption[];
  value: string | null;
  onChange: (value: string | null) => void;
}

function FacetSelect({ name, label, options, value, onChange }: FacetSelectProps) {
  const t = useClientWords("catalog");
  const id = `catalog-${name}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value ?? ""} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{t("all")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
