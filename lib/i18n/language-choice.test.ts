import { describe, expect, it } from "vitest";
import { readLanguageChoice } from "./language-choice";

const form = (locale: string) => {
  const data = new FormData();
  data.set("locale", locale);
  return data;
};
const ORIGIN = "https://shop.example";
const HOST = "shop.example";

describe("the language switch", () => {
  it("keeps the choice and goes back to the page it was pressed on", () => {
    expect(readLanguageChoice(form("zh"), `${ORIGIN}/products/1/x?y=1`, HOST)).toEqual({ ok: true, value: { locale: "zh", back: "/products/1/x?y=1" } });
  });

  it("goes to the catalogue rather than to another site or nowhere", () => {
    expect(readLanguageChoice(form("en"), "https://evil.example/phish", HOST)).toEqual({ ok: true, value: { locale: "en", back: "/" } });
    expect(readLanguageChoice(form("en"), null, HOST)).toEqual({ ok: true, value: { locale: "en", back: "/" } });
    expect(readLanguageChoice(form("en"), "not a url", HOST)).toEqual({ ok: true, value: { locale: "en", back: "/" } });
    expect(readLanguageChoice(form("en"), `${ORIGIN}/products/1`, null)).toEqual({ ok: true, value: { locale: "en", back: "/" } });
  });

  it("refuses a language we do not speak, naming the ones we do", () => {
    expect(readLanguageChoice(form("fr"), null, HOST)).toEqual({ ok: false, error: "locale must be one of en, zh" });
    expect(readLanguageChoice(null, null, HOST)).toEqual({ ok: false, error: "locale must be one of en, zh" });
  });
});
