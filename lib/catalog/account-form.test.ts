import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { AccountField } from "@/lib/partner/schemas";
import { accountSchema, accountStringSchema } from "./account-form";
import { buildAccount, emptyValues, fieldLabel, orderedFields } from "./account-rules";
import type { AccountForm } from "./types";

interface FixtureVoucher {
  voucher_id: number;
  account_need: boolean;
  account_format?: string;
  account_separator?: string;
  account_fields?: AccountField[];
}

const fixturePath = fileURLToPath(new URL("../sandbox/fixture/default-fixture.json", import.meta.url));
const fixture = JSON.parse(readFileSync(fixturePath, "utf8")) as { services: { vouchers?: FixtureVoucher[] }[] };
const vouchers = fixture.services.flatMap((s) => s.vouchers ?? []).filter((v) => v.account_need);

/** Spec 2.4's three account rules, as the form receives them. */
function formOf(voucher: FixtureVoucher): AccountForm {
  const format = voucher.account_format ?? "account";
  if (voucher.account_fields) {
    return { format, separator: voucher.account_separator ?? null, fields: voucher.account_fields };
  }
  const field: AccountField = {
    name: format,
    type: "input",
    label: "Account",
    prefix: "",
    label_zh: "",
    position: 1,
    multiline: false,
    placeholder: "",
  };
  return { format, separator: null, fields: [field] };
}

// One form per distinct account shape (format + separator + field names) in the fixture.
const shapes = new Map<string, AccountForm>();
for (const voucher of vouchers) {
  const form = formOf(voucher);
  const key = `${form.format}/${form.separator}/${form.fields.map((f) => f.name).join(",")}`;
  if (!shapes.has(key)) shapes.set(key, form);
}

/** A value per field that the format would accept, e.g. "v1-player_id". */
function sampleValues(form: AccountForm): Record<string, string> {
  return Object.fromEntries(orderedFields(form).map((f, i) => [f.name, `v${i + 1}-${f.name}`]));
}

describe("account forms of the default fixture", () => {
  it("covers single-value and several-value shapes", () => {
    const forms = [...shapes.values()];
    expect(forms.some((f) => f.fields.length === 1)).toBe(true);
    expect(forms.some((f) => f.fields.length > 1)).toBe(true);
    expect(forms.some((f) => f.fields.some((field) => field.multiline))).toBe(true);
  });

  for (const [key, form] of shapes) {
    describe(key, () => {
      it("joins values by position with the separator, matching account_format", () => {
        const values = sampleValues(form);
        const account = accountSchema(form).parse(values);
        const expected = orderedFields(form)
          .map((f) => values[f.name])
          .join(form.separator ?? "");
        expect(account).toBe(expected);
        // The format names the fields in the same order the account carries their values.
        const formatNames = form.separator ? form.format.split(form.separator) : [form.format];
        expect(formatNames).toEqual(orderedFields(form).map((f) => f.name));
      });

      it("trims values and rejects empty ones", () => {
        const values = Object.fromEntries(Object.entries(sampleValues(form)).map(([k, v]) => [k, `  ${v}\n`]));
        expect(accountSchema(form).parse(values)).toBe(accountSchema(form).parse(sampleValues(form)));

        const first = orderedFields(form)[0];
        if (!first) throw new Error("form without fields");
        const result = buildAccount(form, { ...sampleValues(form), [first.name]: "   " });
        expect(result).toEqual({ ok: false, errors: { [first.name]: { code: "required" } } });
      });

      it("round-trips through the server-side account string schema", () => {
        const account = accountSchema(form).parse(sampleValues(form));
        expect(accountStringSchema(form).parse(account)).toBe(account);
      });
    });
  }
});

describe("several-value accounts", () => {
  const zoneForm = [...shapes.values()].find((f) => f.format === "player_id|zone_id");
  if (!zoneForm) throw new Error("the default fixture has no player_id|zone_id form");

  it("builds player_id|zone_id whatever order the fields arrive in", () => {
    const reversed: AccountForm = { ...zoneForm, fields: [...zoneForm.fields].reverse() };
    expect(buildAccount(reversed, { zone_id: "1234", player_id: "12345678" })).toEqual({
      ok: true,
      account: "12345678|1234",
    });
  });

  it("refuses a value holding the separator, which would shift the other values", () => {
    const result = buildAccount(zoneForm, { player_id: "123|456", zone_id: "1234" });
    expect(result).toEqual({ ok: false, errors: { player_id: { code: "separator", separator: "|" } } });
  });

  it("reports every missing field at once", () => {
    expect(buildAccount(zoneForm, emptyValues(zoneForm))).toEqual({
      ok: false,
      errors: { player_id: { code: "required" }, zone_id: { code: "required" } },
    });
    expect(buildAccount(zoneForm, {})).toEqual({
      ok: false,
      errors: { player_id: { code: "required" }, zone_id: { code: "required" } },
    });
  });

  it("is checked alike in the browser and on the server", () => {
    const cases: Record<string, string>[] = [{ player_id: " 1 ", zone_id: "2" }, { player_id: "1|2", zone_id: "3" }, { player_id: "", zone_id: "3" }, {}];
    for (const values of cases) {
      const server = accountSchema(zoneForm).safeParse(values);
      const browser = buildAccount(zoneForm, values);
      expect(browser.ok, JSON.stringify(values)).toBe(server.success);
      if (browser.ok && server.success) expect(browser.account).toBe(server.data);
      if (!browser.ok && !server.success) expect(Object.keys(browser.errors).sort()).toEqual([...new Set(server.error.issues.map((i) => String(i.path[0])))].sort());
    }
  });

  it("rejects a joined account with the wrong number of values on the server", () => {
    expect(accountStringSchema(zoneForm).safeParse("12345678").success).toBe(false);
    expect(accountStringSchema(zoneForm).safeParse("1|2|3").success).toBe(false);
    expect(accountStringSchema(zoneForm).safeParse("12345678|").success).toBe(false);
    expect(accountStringSchema(zoneForm).parse(" 12345678 | 1234 ")).toBe("12345678|1234");
  });

  it("keeps a multiline value's inner line breaks", () => {
    const giftForm = [...shapes.values()].find((f) => f.fields.some((field) => field.multiline));
    if (!giftForm) throw new Error("the default fixture has no multiline field");
    const [first, second] = orderedFields(giftForm);
    if (!first || !second) throw new Error("expected two fields");
    const result = buildAccount(giftForm, { [first.name]: "Aldric of Vane", [second.name]: "Happy\nbirthday!" });
    expect(result).toEqual({ ok: true, account: "Aldric of Vane|Happy\nbirthday!" });
  });

  it("labels fields in Chinese for Chinese visitors, in English otherwise", () => {
    const [playerId] = orderedFields(zoneForm);
    if (!playerId) throw new Error("expected a field");
    expect(fieldLabel(playerId, "zh")).toBe("玩家ID");
    expect(fieldLabel(playerId, "en")).toBe("Player ID");
    expect(fieldLabel({ ...playerId, label_zh: " " }, "zh")).toBe("Player ID");
  });
});

describe("single-value accounts", () => {
  const single: AccountForm = {
    format: "player_id",
    separator: null,
    fields: [
      { name: "player_id", type: "input", label: "Player ID", prefix: "", label_zh: "", position: 1, multiline: false, placeholder: "" },
    ],
  };

  it("is the trimmed value itself", () => {
    expect(buildAccount(single, { player_id: " 100200300 " })).toEqual({ ok: true, account: "100200300" });
    expect(accountStringSchema(single).parse("100200300")).toBe("100200300");
  });

  it("may contain any character, as there is nothing to split on", () => {
    expect(buildAccount(single, { player_id: "a|b" })).toEqual({ ok: true, account: "a|b" });
  });

  it("is required", () => {
    expect(buildAccount(single, { player_id: "" })).toEqual({ ok: false, errors: { player_id: { code: "required" } } });
    expect(accountStringSchema(single).safeParse("  ").success).toBe(false);
  });

  it("refuses a form of several fields that has no separator", () => {
    const broken: AccountForm = { ...single, fields: [...single.fields, { ...single.fields[0]!, name: "zone", position: 2 }] };
    expect(() => accountSchema(broken)).toThrow(/no separator/);
  });
});
