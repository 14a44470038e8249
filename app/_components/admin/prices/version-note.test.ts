import { describe, expect, it } from "vitest";
import { versionNote } from "./version-note";

const words = (key: "fromSettingsNote" | "restoredFrom", values?: { version: number }) => (key === "fromSettingsNote" ? "来自设置" : `恢复自第 ${values?.version} 版`);

describe("a price version's note", () => {
  it("says the settings' version in the reader's words, never its stored English", () => {
    expect(versionNote({ savedBy: "settings", note: "From the settings at first start (PRICE_MARKUP_PERCENT)" }, words)).toBe("来自设置");
  });

  it("says a restore in the reader's words, keeping an owner's own note beside it", () => {
    expect(versionNote({ savedBy: "a@b.c", note: "Restored version 2", restoredFrom: 2 }, words)).toBe("恢复自第 2 版");
    expect(versionNote({ savedBy: "a@b.c", note: "", restoredFrom: 2 }, words)).toBe("恢复自第 2 版");
    expect(versionNote({ savedBy: "a@b.c", note: "back to summer prices", restoredFrom: 2 }, words)).toBe("back to summer prices (恢复自第 2 版)");
    expect(versionNote({ savedBy: "a@b.c", note: "new markup" }, words)).toBe("new markup");
  });
});
