// The storefront speaks English; Chinese visitors get upstream's label_zh on account forms.
// Picks from Accept-Language by quality, so "en;q=0.9, zh-CN" still means Chinese.
export type Language = "en" | "zh";

export function pickLanguage(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return "en";
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
    if (primary === "zh") return "zh";
    if (primary === "en") return "en";
  }
  return "en";
}
