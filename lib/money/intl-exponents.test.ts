import { describe, expect, it } from "vitest";
import { intlExponent } from "./currency";
import { COPIED_FROM_CLDR, INTL_EXPONENTS } from "./intl-exponents";

describe("the copied exponents", () => {
  it("were copied from this runtime's CLDR release (another one gets none, and asks Intl)", () => {
    expect(process.versions.cldr).toBe(COPIED_FROM_CLDR);
  });

  it("are what this runtime's Intl says for every currency it knows, and name each one", () => {
    const known = Intl.supportedValuesOf("currency");
    const differing = known.filter((code) => INTL_EXPONENTS.get(code) !== intlExponent(code)).map((code) => `${code}: Intl ${intlExponent(code)}, copied ${INTL_EXPONENTS.get(code)}`);
    expect(differing).toEqual([]);
    expect([...INTL_EXPONENTS.keys()].filter((code) => !known.includes(code))).toEqual([]);
  });
});
