"use client";
// Search and filters over the whole snapshot, in the browser, with the URL as the state, so a
// link shares a selection. The page itself is static: the server renders every card into the
// HTML from the same item data, which the page carries once.
import { useMemo } from "react";
import { filtersToQuery, hasFilters, NO_FILTERS, parseFilters, type CatalogFilters } from "./catalog-filters";
import { placeNames, selectItems, type FacetOption, type Facets } from "./catalog-items";
import { fromCatalogRow, type CatalogRow } from "./catalog-row";
import styles from "./catalog.module.css";
import { ProductCard } from "./product-card";
import { useLocationSearch } from "./use-location-search";

interface CatalogBrowserProps {
  rows: CatalogRow[];
  facets: Facets;
  /** The currency of the from-prices; null when nothing is priced. */
  currency: string | null;
}

export function CatalogBrowser({ rows, facets, currency }: CatalogBrowserProps) {
  const names = useMemo(() => placeNames(facets), [facets]);
  const items = useMemo(() => rows.map((row) => fromCatalogRow(row, names)), [rows, names]);
  const [params, replaceSearch] = useLocationSearch();
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
      <form role="search" action="/" method="get" className={styles.filters} onSubmit={(e) => e.preventDefault()}>
        <div className={styles.search}>
          <label htmlFor="catalog-q" className="visually-hidden">
            Search products
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
            placeholder="Search games, brands or platforms"
            autoComplete="off"
            enterKeyHint="search"
            onChange={(e) => update({ ...filters, q: e.target.value })}
          />
        </div>
        <FacetSelect
          name="platform"
          label="Platform"
          options={facets.platforms}
          value={filters.platform}
          onChange={(platform) => update({ ...current, platform })}
        />
        <FacetSelect
          name="region"
          label="Region"
          options={facets.regions}
          value={filters.region}
          onChange={(region) => update({ ...current, region })}
        />
        <FacetSelect
          name="country"
          label="Country"
          options={facets.countries}
          value={filters.country}
          onChange={(country) => update({ ...current, country })}
        />
        <div className={styles.field}>
          <label htmlFor="catalog-sort">Sort by</label>
          <select
            id="catalog-sort"
            name="sort"
            value={filters.sort}
            onChange={(e) => update({ ...current, sort: parseFilters({ sort: e.target.value }).sort })}
          >
            <option value="recommended">Recommended</option>
            <option value="price-asc">Lowest price</option>
            <option value="price-desc">Highest price</option>
          </select>
        </div>
        <noscript>
          <button type="submit" className="button">
            Apply
          </button>
        </noscript>
      </form>

      <div className={styles.resultsBar}>
        <p role="status" className={styles.count}>
          {visible.length === items.length ? `${items.length} products` : `${visible.length} of ${items.length} products`}
        </p>
        {hasFilters(current) ? (
          <button type="button" className="button button-secondary" onClick={clear}>
            Clear filters
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
        <div className={styles.empty}>
          <h2>Nothing matches your search</h2>
          <p>Try another spelling, or clear the filters to see everything we sell.</p>
        </div>
      )}
    </>
  );
}

interface FacetSelectProps {
  name: string;
  label: string;
  options: FacetOption[];
  value: string | null;
  onChange: (value: string | null) => void;
}

function FacetSelect({ name, label, options, value, onChange }: FacetSelectProps) {
  const id = `catalog-${name}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value ?? ""} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
