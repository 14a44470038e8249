import { describe, expect, it } from "vitest";
import { pickLocale } from "./pick-locale";

describe("pickLocale", () => {
  it("defaults to English", () => {
    expect(pickLocale(null, null)).toBe("en");
    expect(pickLocale(undefined, "")).toBe("en");
    expect(pickLocale(null, "de-DE,fr;q=0.8")).toBe("en");
  });

  it("recognises Chinese in any script or region", () => {
    expect(pickLocale(null, "zh-CN,zh;q=0.9,en;q=0.8")).toBe("zh");
    expect(pickLocale(null, "zh-Hant-TW")).toBe("zh");
  });

  it("ranks by quality, then by order", () => {
    expect(pickLocale(null, "en;q=0.5, zh-CN;q=0.9")).toBe("zh");
    expect(pickLocale(null, "de, en;q=0.9, zh;q=0.8")).toBe("en");
    expect(pickLocale(null, "zh;q=0")).toBe("en");
  });

  it("prefers the buyer's own choice, and ignores a cookie that names no language of ours", () => {
    expect(pickLocale("en", "zh-CN")).toBe("en");
    expect(pickLocale("zh", "en-US")).toBe("zh");
    expect(pickLocale("fr", "zh-CN")).toBe("zh");
    expect(pickLocale("", "en")).toBe("en");
  });
});
