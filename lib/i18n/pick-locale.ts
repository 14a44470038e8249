// Which language a visitor gets: the one they chose with the switcher (a cookie), else the first
// of their browser's Accept-Language that we speak, by quality, so "en;q=0.9, zh-CN" still means
// Chinese; else English.
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

export function pickLocale(chosen: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(chosen)) return chosen;
  return fromAcceptLanguage(acceptLanguage);
}

function fromAcceptLanguage(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(",")
    .map((entry, index) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { primary: tag.trim().toLowerCase().split("-")[0] ?? "", quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { primary } of ranked) {
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}
