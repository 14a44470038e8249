// The list's query schema: the same one checks the filter form, so each bad value is named.
import { describe, expect, it } from "vitest";
import { createdRange, orderListParams, readOrderListQuery } from "@/lib/order-list/order-list-query";

describe("order list query", () => {
  it("reads empty fields as no filter and defaults the page size", () => {
    const read = readOrderListQuery({ state: "", q: "  ", from: "", size: undefined, product: "" });
    expect(read).toEqual({ ok: true, query: { size: 50 } });
    expect(orderListParams(read.ok ? read.query : {}).toString()).toBe("");
  });

  it("names every field at fault", () => {
    const read = readOrderListQuery({ state: "lost", from: "2027-02-30", product: "x", mode: "prod", size: "7", flow: "fast" });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors).sort()).toEqual(["flow", "from", "mode", "product", "size", "state"]);
    expect(read.errors.from).toBe("not a calendar date");
    expect(readOrderListQuery({ from: "2027-03-05", to: "2027-03-01" })).toMatchObject({ ok: false, errors: { to: "the start date is after the end date" } });
  });

  it("takes the first of a repeated parameter, and days as whole UTC days", () => {
    const read = readOrderListQuery(new URLSearchParams("state=failed&state=created&from=2027-03-01&to=2027-03-01"));
    expect(read).toMatchObject({ ok: true, query: { state: "failed" } });
    if (!read.ok) return;
    expect(createdRange(read.query)).toEqual({ from: Date.parse("2027-03-01T00:00:00Z"), to: Date.parse("2027-03-02T00:00:00Z") - 1 });
    expect(orderListParams(read.query).toString()).toBe("state=failed&from=2027-03-01&to=2027-03-01");
  });
});
