import { countryName, regionName } from "@/lib/catalog/format";
import type { Product } from "@/lib/catalog/types";

/** Where a product works: platform, then region or country (spec 2.3 gives one or the other). */
export function ProductChips({ product }: { product: Product }) {
  const chips = [
    product.platform,
    product.region ? regionName(product.region) : null,
    product.country ? countryName(product.country) : null,
    product.type === "balance" ? "Any amount" : null,
  ].filter((chip): chip is string => chip !== null);
  if (chips.length === 0) return null;
  return (
    <ul className="chips" aria-label="Platform and region">
      {chips.map((chip) => (
        <li key={chip} className="chip">
          {chip}
        </li>
      ))}
    </ul>
  );
}
