// Times, places and reasons in the buyer's language. Durations and country names come from Intl
// in the page's locale; the rest from the messages (lib/i18n/messages). `t` is the root
// translator, from useTranslations() in components or getTranslations() on the server.
import type { UnavailableReason } from "@/lib/catalog/types";
import { LOCALE_TAGS, type Locale } from "@/lib/i18n/locales";
import type { Translator } from "@/lib/i18n/translator";

export type { Translator };

const UNITS = [
  ["day", 1440],
  ["hour", 60],
  ["minute", 1],
] as const;

// Intl formatters are costly to build and every catalogue card asks for one on each filter
// keystroke: one per locale and unit, kept.
const unitFormats = new Map<string, Intl.NumberFormat>();
const regionNames = new Map<Locale, Intl.DisplayNames>();

function unitFormat(locale: Locale, unit: (typeof UNITS)[number][0]): Intl.NumberFormat {
  const key = `${locale}:${unit}`;
  let format = unitFormats.get(key);
  if (!format) unitFormats.set(key, (format = new Intl.NumberFormat(LOCALE_TAGS[locale], { style: "unit", unit, unitDisplay: "long" })));
  return format;
}

/** 90 → "1 hour 30 minutes" / "1小时30分钟": the two largest units, in whole numbers. */
export function durationInWords(minutes: number, locale: Locale): string {
  const parts: string[] = [];
  let rest = minutes;
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || (unit === "minute" && parts.length === 0)) {
      parts.push(unitFormat(locale, unit).format(count));
    }
    if (parts.length === 2) break;
  }
  return parts.join(locale === "zh" ? "" : " ");
}

/** "Usually within 5 minutes, at most 1 hour", or "Within 30 minutes" when both are one. */
export function deliveryInWords(t: Translator, locale: Locale, targetMinutes: number, maxMinutes: number): string {
  if (maxMinutes <= targetMinutes) return t("delivery.within", { duration: durationInWords(maxMinutes, locale) });
  return t("delivery.range", { target: durationInWords(targetMinutes, locale), max: durationInWords(maxMinutes, locale) });
}

/** "Usually within 5 minutes": the short form for product cards. */
export function typicalDeliveryInWords(t: Translator, locale: Locale, targetMinutes: number): string {
  return t("delivery.usually", { duration: durationInWords(targetMinutes, locale) });
}

const REGIONS = ["GLOBAL", "EU", "MENA", "LATAM", "ROW"] as const;

/** Spec 2.3 regions in words; a region the spec does not name yet is shown as given. */
export function regionName(t: Translator, region: string): string {
  return (REGIONS as readonly string[]).includes(region) ? t(`place.${region as (typeof REGIONS)[number]}`) : region;
}

/** "BR" → "Brazil" / "巴西"; an unknown code is shown as given. */
export function countryName(locale: Locale, code: string): string {
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: "region" })));
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

export function unavailableInWords(t: Translator, reason: UnavailableReason | null): string {
  return t(`unavailable.${reason ?? "other"}`);
}
