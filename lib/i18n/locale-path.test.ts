import { describe, expect, it } from "vitest";
import { localePath, splitLocalePath } from "./locale-path";

describe("localePath", () => {
  it("keeps English at the plain path and puts Chinese under /zh", () => {
    expect(localePath("en", "/")).toBe("/");
    expect(localePath("en", "/products/7/x")).toBe("/products/7/x");
    expect(localePath("zh", "/")).toBe("/zh");
    expect(localePath("zh", "/?q=a")).toBe("/zh?q=a");
    expect(localePath("zh", "/products/7/x")).toBe("/zh/products/7/x");
    expect(localePath("zh", "/search?q=a")).toBe("/zh/search?q=a");
  });
});

describe("splitLocalePath", () => {
  it("reads the language a path names and the page's path without it", () => {
    expect(splitLocalePath("/zh")).toEqual({ locale: "zh", rest: "/" });
    expect(splitLocalePath("/zh/products/7/x")).toEqual({ locale: "zh", rest: "/products/7/x" });
    expect(splitLocalePath("/products/7/x")).toEqual({ locale: null, rest: "/products/7/x" });
    expect(splitLocalePath("/zhx")).toEqual({ locale: null, rest: "/zhx" });
    expect(splitLocalePath("/")).toEqual({ locale: null, rest: "/" });
  });
});
