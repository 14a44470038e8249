// What the sandbox knows of a card typed on the hosted page, as Stripe reports it on the
// PaymentMethod and on the charge: brand, last four digits, expiry, issuing country, and a
// fingerprint that is the same for the same number wherever it is typed, so that a shop can
// see one card tried on many orders (the signal card testing leaves).
import { createHash } from "node:crypto";
import type Stripe from "stripe";

export interface CardFacts {
  brand: "visa" | "mastercard" | "amex" | "discover" | "unknown";
  last4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  country: string;
  funding: "credit";
}

/**
 * Stripe's international test cards carry the issuing country's ISO 3166 numeric code in
 * digits 7–9 (4000 0082 6000 0000 is a GB card, 4000 0027 6000 3184 a German one); any other
 * number is a US card, as in Stripe's test mode.
 */
const COUNTRY_BY_NUMERIC: Record<string, string> = {
  "036": "AU", "040": "AT", "056": "BE", "076": "BR", "124": "CA", "156": "CN", "208": "DK", "246": "FI",
  "250": "FR", "276": "DE", "344": "HK", "356": "IN", "372": "IE", "380": "IT", "392": "JP", "442": "LU",
  "458": "MY", "484": "MX", "528": "NL", "554": "NZ", "578": "NO", "620": "PT", "702": "SG", "724": "ES",
  "752": "SE", "756": "CH", "826": "GB",
};

/** The card's facts from its digits and the page's optional "MM/YY" expiry; `year` fills a missing one. */
export function cardFacts(digits: string, expiry: string, year: number): CardFacts {
  const [, month, shortYear] = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(expiry) ?? [];
  const expMonth = month && Number(month) >= 1 && Number(month) <= 12 ? Number(month) : 12;
  return {
    brand: brandOf(digits),
    last4: digits.slice(-4),
    exp_month: expMonth,
    exp_year: shortYear ? 2000 + Number(shortYear) : year + 3,
    // Stripe's fingerprint is 16 characters and depends on the number only.
    fingerprint: createHash("sha256").update(`payments-sandbox-card:${digits}`).digest("base64url").replace(/[-_]/g, "0").slice(0, 16),
    country: (digits.startsWith("4000") && COUNTRY_BY_NUMERIC[digits.slice(6, 9)]) || "US",
    funding: "credit",
  };
}

function brandOf(digits: string): CardFacts["brand"] {
  if (digits.startsWith("4")) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^6(011|5)/.test(digits)) return "discover";
  return "unknown";
}

/** Stripe's billing details when Checkout collected none: every field present and null. */
export function emptyBillingDetails(): Stripe.Charge.BillingDetails {
  return { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: null, name: null, phone: null, tax_id: null };
}
