import { describe, expect, it } from "vitest";
import { versionNote } from "./version-note";

describe("a price version's note", () => {
  it("says the settings' version in the reader's words, never its stored English", () => {
    expect(versionNote({ savedBy: "settings", note: "From the settings at first start (PRICE_MARKUP_PERCENT)" }, "来自设置")).toBe("来自设置");
  });

  it("leaves out an older restored version's English default, keeping an owner's own note", () => {
    expect(versionNote({ savedBy: "a@b.c", note: "Restored version 2", restoredFrom: 2 }, "x")).toBeNull();
    expect(versionNote({ savedBy: "a@b.c", note: "", restoredFrom: 2 }, "x")).toBeNull();
    expect(versionNote({ savedBy: "a@b.c", note: "back to summer prices", restoredFrom: 2 }, "x")).toBe("back to summer prices");
    expect(versionNote({ savedBy: "a@b.c", note: "" }, "x")).toBeNull();
  });
});
