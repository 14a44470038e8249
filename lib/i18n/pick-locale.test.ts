import { describe, expect, it } from "vitest";
import { pickLanguage } from "./pick-language";

describe("pickLanguage", () => {
  it("defaults to English", () => {
    expect(pickLanguage(null)).toBe("en");
    expect(pickLanguage("")).toBe("en");
    expect(pickLanguage("de-DE,fr;q=0.8")).toBe("en");
  });

  it("recognises Chinese in any script or region", () => {
    expect(pickLanguage("zh-CN,zh;q=0.9,en;q=0.8")).toBe("zh");
    expect(pickLanguage("zh-Hant-TW")).toBe("zh");
  });

  it("ranks by quality, then by order", () => {
    expect(pickLanguage("en;q=0.5, zh-CN;q=0.9")).toBe("zh");
    expect(pickLanguage("de, en;q=0.9, zh;q=0.8")).toBe("en");
    expect(pickLanguage("zh;q=0")).toBe("en");
  });
});
