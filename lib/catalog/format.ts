// Money, time and place names in words a buyer reads. Intl does the locale work; prices are
// turned into decimal strings from integer minor units so that formatting never rounds.
import type { RetailPrice } from "./pricing";
import type { UnavailableReason } from "./types";

const fractionDigitsCache = new Map<string, number>();

/** Minor-unit digits of a currency as Intl knows them: 2 for USD, 0 for JPY, 3 for KWD. */
export function currencyDigits(currency: string): number {
  let digits = fractionDigitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    fractionDigitsCache.set(currency, digits);
  }
  return digits;
}

/** 1999 USD → "19.99"; exact, no float division. */
export function minorToDecimalString(minor: number, currency: string): `${number}` {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  const decimal = digits === 0 ? sign + text : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return decimal as `${number}`;
}

/** { minor: 1999, currency: "USD" } → "$19.99" in English. */
export function formatPrice(price: RetailPrice, locale = "en"): string {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency: price.currency });
  // Intl accepts decimal strings (ES2023), which keeps large amounts exact.
  return format.format(minorToDecimalString(price.minor, price.currency));
}

function unit(count: number, singular: string): string {
  return `${count} ${singular}${count === 1 ? "" : "s"}`;
}

/** 5 → "5 minutes", 60 → "1 hour", 90 → "1 hour 30 minutes", 2880 → "2 days". */
export function durationInWords(minutes: number): string {
  if (minutes < 60) return unit(minutes, "minute");
  if (minutes < 1440) {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest === 0 ? unit(hours, "hour") : `${unit(hours, "hour")} ${unit(rest, "minute")}`;
  }
  const days = Math.floor(minutes / 1440);
  const restHours = Math.floor((minutes % 1440) / 60);
  return restHours === 0 ? unit(days, "day") : `${unit(days, "day")} ${unit(restHours, "hour")}`;
}

/** "usually within 5 minutes, at most 1 hour" */
export function deliveryInWords(targetMinutes: number, maxMinutes: number): string {
  if (maxMinutes <= targetMinutes) return `within ${durationInWords(maxMinutes)}`;
  return `usually within ${durationInWords(targetMinutes)}, at most ${durationInWords(maxMinutes)}`;
}

/** "Usually within 5 minutes": the short form for product cards. */
export function typicalDeliveryInWords(targetMinutes: number): string {
  return `Usually within ${durationInWords(targetMinutes)}`;
}

const REGION_NAMES: Record<string, string> = {
  GLOBAL: "Global",
  EU: "Europe",
  MENA: "Middle East & North Africa",
  LATAM: "Latin America",
  ROW: "Rest of world",
};

/** Spec 2.3 regions in words; a region the spec does not name yet is shown as given. */
export function regionName(region: string): string {
  return REGION_NAMES[region] ?? region;
}

let countryNames: Intl.DisplayNames | undefined;

/** "BR" → "Brazil"; an unknown code is shown as given. */
export function countryName(code: string): string {
  countryNames ??= new Intl.DisplayNames(["en"], { type: "region" });
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

const REASONS: Record<UnavailableReason, string> = {
  out_of_stock: "Out of stock",
  // Upstream's 103/503 for one product: to a buyer that is simply out of stock for now.
  temporarily_unavailable: "Out of stock",
  no_denominations: "Nothing on sale right now",
  not_priced: "Not on sale in our currency yet",
};

export function unavailableInWords(reason: UnavailableReason | null): string {
  return reason ? REASONS[reason] : "Not available";
}
