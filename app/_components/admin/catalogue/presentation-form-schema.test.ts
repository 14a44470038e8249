// The editor's form schema, as the browser and the server action both run it: typed amounts
// become minor units of the service's currency, every mistake names the input it came from.
import { describe, expect, it } from "vitest";
import { presentationFormSchema } from "./presentation-form-schema";

const schema = presentationFormSchema({ imageHosts: ["cdn.shop.test"] });
const form = (fields: Record<string, string> = {}) => ({ serviceId: "1", "name.en": "", "name.zh": "", "summary.en": "", "summary.zh": "", "description.en": "", "description.zh": "", image: "", sortOrder: "", ...fields });
const fieldOf = (fields: Record<string, string>) => {
  const parsed = schema.safeParse(form(fields));
  return parsed.success ? null : parsed.error.issues[0]?.path.join(".");
};

describe("the editor's form schema", () => {
  it("turns the flat form into the library's input: empty words, checkboxes, hidden vouchers", () => {
    const parsed = schema.parse(form({ "name.en": "  Wallet ", featured: "on", "hideVoucher-10102": "on", "hideVoucher-10101": "on", sortOrder: "-3" }));
    expect(parsed.serviceId).toBe(1);
    expect(parsed.input).toMatchObject({ name: { en: "  Wallet ", zh: "" }, featured: true, hidden: false, sortOrder: -3, topUp: null });
    expect([...parsed.input.hiddenVouchers].sort()).toEqual([10101, 10102]);
  });

  it("converts a top-up range typed in major units to minor units with the currency's digits", () => {
    const usd = schema.parse(form({ "topUp.currency": "USD", "topUp.min": "5", "topUp.max": "500.5", "topUp.presets.0": "10", "topUp.presets.3": "25.25" }));
    expect(usd.input.topUp).toEqual({ currency: "USD", minMinor: 500, maxMinor: 50050, presetsMinor: [1000, 2525] });
    const yen = schema.parse(form({ "topUp.currency": "JPY", "topUp.min": "500", "topUp.max": "50000" }));
    expect(yen.input.topUp).toEqual({ currency: "JPY", minMinor: 500, maxMinor: 50000, presetsMinor: [] });
    // All empty: the currency's defaults.
    expect(schema.parse(form({ "topUp.currency": "USD" })).input.topUp).toBeNull();
  });

  it("names the input at fault", () => {
    expect(fieldOf({ "topUp.currency": "USD", "topUp.min": "5.555", "topUp.max": "10" })).toBe("topUp.min");
    expect(fieldOf({ "topUp.currency": "JPY", "topUp.min": "5.5", "topUp.max": "10" })).toBe("topUp.min");
    expect(fieldOf({ "topUp.currency": "USD", "topUp.min": "50", "topUp.max": "10" })).toBe("topUp.max");
    expect(fieldOf({ "topUp.currency": "USD", "topUp.presets.1": "10" })).toBe("topUp.min");
    // The second preset typed sits in slot 4: the mistake is shown there, not at slot 1.
    expect(fieldOf({ "topUp.currency": "USD", "topUp.min": "5", "topUp.max": "50", "topUp.presets.0": "10", "topUp.presets.4": "60" })).toBe("topUp.presets.4");
    expect(fieldOf({ "topUp.currency": "USD", "topUp.min": "5", "topUp.max": "50", "topUp.presets.2": "abc" })).toBe("topUp.presets.2");
    expect(fieldOf({ sortOrder: "first" })).toBe("sortOrder");
    expect(fieldOf({ sortOrder: "1000000" })).toBe("sortOrder");
    expect(fieldOf({ image: "https://elsewhere.test/a.png" })).toBe("image");
    expect(fieldOf({ image: "http://cdn.shop.test/a.png" })).toBe("image");
    expect(fieldOf({ "name.zh": "x".repeat(121) })).toBe("name.zh");
    expect(fieldOf({ "summary.en": "two\nlines" })).toBe("summary.en");
    expect(fieldOf({ serviceId: "one" })).toBe("serviceId");
  });

  it("takes an allowed image", () => {
    expect(fieldOf({ image: "https://cdn.shop.test/a.png" })).toBeNull();
    expect(fieldOf({ image: "/brands/arcadia.svg" })).toBeNull();
  });
});
