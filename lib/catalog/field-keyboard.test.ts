import { describe, expect, it } from "vitest";
import { fieldKeyboard } from "./field-keyboard";

const field = (type: string, placeholder: string, multiline = false) => ({ type, placeholder, multiline });

describe("the keyboard of an account field", () => {
  it("is numeric where upstream's example is all digits", () => {
    expect(fieldKeyboard(field("input", "e.g. 12345678"))).toBe("numeric");
    expect(fieldKeyboard(field("input", "9-digit UID from your profile, e.g. 812345678"))).toBe("numeric");
    expect(fieldKeyboard(field("input", "1234"))).toBe("numeric");
  });

  it("is numeric for a numeric field type", () => {
    expect(fieldKeyboard(field("number", ""))).toBe("numeric");
  });

  it("stays text where letters may be typed or nothing says otherwise", () => {
    expect(fieldKeyboard(field("input", "asia, europe or america"))).toBe("text");
    expect(fieldKeyboard(field("input", "Exact name, e.g. Aldric of Vane"))).toBe("text");
    expect(fieldKeyboard(field("input", ""))).toBe("text");
    expect(fieldKeyboard(field("input", "e.g. 1234", true))).toBe("text");
  });
});
