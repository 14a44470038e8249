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
    expect(readLanguageChoice(form("zh"), `${ORIGIN}/products/1/x?y=1`, HOST)).toEqual({ ok: true, value: { locale: "zh", back: "/zh/products/1/x?y=1" } });
  });

  it("goes back to the buyer's page at its URL in the chosen language, and to the admin at its one URL", () => {
    expect(readLanguageChoice(form("en"), `${ORIGIN}/zh/products/1/x`, HOST)).toEqual({ ok: true, value: { locale: "en", back: "/products/1/x" } });
    expect(readLanguageChoice(form("en"), `${ORIGIN}/zh?q=a`, HOST)).toEqual({ ok: true, value: { locale: "en", back: "/?q=a" } });
    expect(readLanguageChoice(form("zh"), `${ORIGIN}/`, HOST)).toEqual({ ok: true, value: { locale: "zh", back: "/zh" } });
    expect(readLanguageChoice(form("zh"), `${ORIGIN}/orders/01J?key=k`, HOST)).toEqual({ ok: true, value: { locale: "zh", back: "/zh/orders/01J?key=k" } });
    expect(readLanguageChoice(form("zh"), `${ORIGIN}/admin/orders?page=2`, HOST)).toEqual({ ok: true, value: { locale: "zh", back: "/admin/orders?page=2" } });
    expect(readLanguageChoice(form("en"), `${ORIGIN}/zh/admin`, HOST)).toEqual({ ok: true, value: { locale: "en", back: "/admin" } });
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
