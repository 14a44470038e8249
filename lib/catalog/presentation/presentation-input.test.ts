// The admin form's schemas, as the browser and the server both run them.
import { describe, expect, it } from "vitest";
import { bulkActionSchema, fieldProblem, imageRefSchema, servicePresentationInputSchema, topUpRangeSchema } from "./presentation-input";

const schema = servicePresentationInputSchema({ imageHosts: ["cdn.shop.test"] });
const valid = {
  name: { en: "", zh: "" },
  summary: { en: "", zh: "" },
  description: { en: "", zh: "" },
  image: "",
  featured: false,
  hidden: false,
  sortOrder: null,
  topUp: null,
  hiddenVouchers: [],
};

function problemOf(input: unknown) {
  const parsed = schema.safeParse(input);
  return parsed.success ? null : fieldProblem(parsed.error);
}

describe("presentation input", () => {
  it("takes empty words as upstream's (null) and trims the rest", () => {
    const parsed = schema.parse({ ...valid, name: { en: "  Gold  ", zh: "" }, hiddenVouchers: [3, 1, 3] });
    expect(parsed.name).toEqual({ en: "Gold", zh: null });
    expect(parsed.image).toBeNull();
    expect(parsed.hiddenVouchers).toEqual([1, 3]);
  });

  it("names the field at fault", () => {
    expect(problemOf({ ...valid, name: { en: "a\nb", zh: "" } })).toMatchObject({ field: "name.en" });
    expect(problemOf({ ...valid, summary: { en: "", zh: "长".repeat(301) } })).toMatchObject({ field: "summary.zh" });
    expect(problemOf({ ...valid, description: { en: "x".repeat(20_001), zh: "" } })).toMatchObject({ field: "description.en" });
    expect(problemOf({ ...valid, featured: "yes" })).toMatchObject({ field: "featured" });
    expect(problemOf({ ...valid, hiddenVouchers: [0] })).toMatchObject({ field: "hiddenVouchers.0" });
  });

  it("allows images from public/ and allow-listed https hosts only", () => {
    const image = imageRefSchema(["cdn.shop.test"]);
    for (const ok of ["/brands/a.png", "/x/y-1.webp", "https://cdn.shop.test/a.jpg", "https://CDN.shop.test/a.jpg?v=2", ""]) {
      expect(image.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      "http://cdn.shop.test/a.png",
      "https://cdn.shop.test.evil.test/a.png",
      "https://user:pw@cdn.shop.test/a.png",
      "//evil.test/a.png",
      "/../secrets.png",
      "/brands/a.html",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "cdn.shop.test/a.png",
    ]) {
      expect(image.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("keeps a top-up's presets inside its range", () => {
    const range = { currency: "USD", minMinor: 500, maxMinor: 10_000, presetsMinor: [1_000, 2_500] };
    expect(topUpRangeSchema.safeParse(range).success).toBe(true);
    expect(fieldProblem(topUpRangeSchema.safeParse({ ...range, presetsMinor: [1_000, 20_000] }).error!)).toMatchObject({ field: "presetsMinor.1" });
    expect(fieldProblem(topUpRangeSchema.safeParse({ ...range, presetsMinor: [1_000, 1_000] }).error!)).toMatchObject({ field: "presetsMinor.1" });
    expect(fieldProblem(topUpRangeSchema.safeParse({ ...range, minMinor: 0 }).error!)).toMatchObject({ field: "minMinor" });
    expect(fieldProblem(topUpRangeSchema.safeParse({ ...range, currency: "usd" }).error!)).toMatchObject({ field: "currency" });
  });

  it("takes a bulk action over at least one id, each once", () => {
    expect(bulkActionSchema.parse({ action: "hide", ids: [3, 3, 4] })).toEqual({ action: "hide", ids: [3, 4] });
    expect(fieldProblem(bulkActionSchema.safeParse({ action: "hide", ids: [] }).error!)).toMatchObject({ field: "ids" });
  });
});
