import { describe, expect, it } from "vitest";
import type { AccountForm } from "@/lib/catalog/types";
import { takeCarriedAccount, withCarriedAccount } from "./carried-account";

const field = (name: string, position: number) => ({ name, type: "input", label: name, prefix: "", label_zh: "", position, multiline: false, placeholder: "" });
const form: AccountForm = { format: "<player_id>|<zone_id>", separator: "|", fields: [field("player_id", 1), field("zone_id", 2)] };

describe("an account carried to another product", () => {
  it("travels in the link's query, empty fields left out", () => {
    expect(withCarriedAccount("/products/92837/x", { player_id: "123456", zone_id: "42 7", extra: " " })).toBe(
      "/products/92837/x?player_id=123456&zone_id=42+7",
    );
    expect(withCarriedAccount("/products/1/x", {})).toBe("/products/1/x");
  });

  it("fills only the fields the new form has, and leaves the rest of the query", () => {
    expect(takeCarriedAccount("?player_id=123456&zone_id=42+7&utm_source=mail&uid=9", form)).toEqual({
      values: { player_id: "123456", zone_id: "42 7" },
      rest: "?utm_source=mail&uid=9",
    });
    expect(takeCarriedAccount("", form)).toEqual({ values: {}, rest: "" });
  });
});
