// The storefront's own shapes for the catalogue. Upstream shapes (spec 2.3, 2.4) are mapped to
// these at the boundary (lib/catalog/map-*.ts), so pages never read `avalible` or raw amounts.
import type { AccountField, DeliveryMethod, ServiceType } from "@/lib/partner/schemas";
import type { Money } from "@/lib/money/money";

/** Why a product or denomination cannot be bought right now, in words a buyer understands. */
export type UnavailableReason =
  | "out_of_stock" // upstream marks it not available
  | "temporarily_unavailable" // upstream answered 103/503 for its vouchers: shown as out of stock
  | "no_denominations" // 102: nothing to sell at the moment
  | "not_priced" // no exchange rate configured for its currency
  | "not_for_sale" // the owner's pricing rules refuse it (minimum margin, price ceiling)
  | "balance_low"; // the partner balance cannot cover it now, or the owner paused sales (lib/operations)

/** Words in each language the storefront speaks. */
export interface Localized<T> {
  en: T;
  zh: T;
}

export interface Product {
  /** The upstream service id; also the product's URL segment. */
  id: number;
  slug: string;
  /** The English name: the owner's (lib/catalog/presentation), else upstream's. */
  name: string;
  /** The name per language: the owner's, else the English one. */
  names: Localized<string>;
  brand: string;
  country: string | null;
  region: string | null;
  platform: string | null;
  /** The English short description: the owner's, else upstream's. */
  description: string | null;
  /** The short description per language: the owner's, else the English one. */
  summaries: Localized<string | null>;
  /** The owner's image (a path in public/ or an allow-listed URL); null: the brand art. */
  image: string | null;
  /** Chosen by the owner to come first under "Recommended". */
  featured: boolean;
  /** The owner's place under "Recommended", lower first; null: by sales and name. */
  sortOrder: number | null;
  type: ServiceType;
  /** Settlement currency of the service; a balance top-up's amount is typed in it. */
  currency: string;
  /** Our discount off a balance top-up's amount (spec 2.3 discount_percent). */
  discountPercent: number | null;
  /**
   * Bounds of a balance top-up's amount, in minor units of `currency`. The Partner API does not publish them
   * (it answers 400 to an amount out of range), so they are null until the owner sets them.
   */
  minAmountMinor: number | null;
  maxAmountMinor: number | null;
  /** The owner's one-tap amounts of a balance top-up, inside the range; null: the currency's defaults. */
  topUpPresetsMinor: number[] | null;
  deliveryTargetMinutes: number;
  deliveryMaxMinutes: number;
  /** Upstream supports /api/account_check for this service. */
  playerCheck: boolean;
  /** Upstream can reserve a voucher before we take payment. */
  reservable: boolean;
  /** Upstream can activate its codes on the buyer's account, when asked at checkout. */
  autoActivation: boolean;
  available: boolean;
  unavailableReason: UnavailableReason | null;
}

export interface AccountForm {
  /** account_format as upstream gives it, e.g. `<player_id>|<zone_id>`. */
  format: string;
  /** Joins several values into the one `account` string; null for a single value. */
  separator: string | null;
  /** Ordered by position; a single synthesized field for single-value accounts. */
  fields: AccountField[];
}

export interface Denomination {
  voucherId: number;
  name: string;
  gameCoins: number;
  price: Money | null;
  /** What the card or pack is worth before any discount (spec 2.4 origin_price); null if unreadable. */
  faceValue: Money | null;
  deliveryMethod: DeliveryMethod;
  available: boolean;
  unavailableReason: UnavailableReason | null;
  /** Present when the buyer must give an account (direct top-ups and some codes). */
  account: AccountForm | null;
  playerCheck: boolean;
}

export interface CatalogSnapshot {
  products: Product[];
  /** Lowest retail price per product id, for "from …" on cards. */
  fromPrices: Record<number, Money>;
  /** Milliseconds since epoch of the upstream answer this copy came from. */
  fetchedAt: number;
  /** True when upstream could not be reached and this is the last good copy. */
  stale: boolean;
}

export interface ProductDetail {
  product: Product;
  denominations: Denomination[];
  /** The owner's long description, Markdown per language (the English where no Chinese); null: none written. */
  longDescription: Localized<string | null> | null;
  fetchedAt: number;
  stale: boolean;
}

/** What the player check tells a buyer; `unavailable` still lets them continue. */
export type PlayerCheckOutcome =
  | { status: "found"; playerName: string; region: string | null }
  | { status: "not_found"; message: string }
  | { status: "wrong_region"; message: string; recommended: { id: number; name: string; slug: string } | null }
  | { status: "unavailable"; message: string; /** Set when our own rate limit answered: seconds to wait, null if not said. */ retryAfterSeconds?: number | null }
  | { status: "invalid"; message: string };
