// Time and place names in words a buyer reads; Intl does the locale work. Money is shown by
// formatMoney (lib/money), which knows each currency's decimals.
import type { UnavailableReason } from "./types";

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
