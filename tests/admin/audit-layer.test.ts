// Audit rows are written in one layer: the library call that makes a change writes its row (it
// knows the before and after, and no caller can make the change and forget the row). An admin
// action passes who acted (actorOf(admin)) and never writes a row itself; one that did would
// write it twice, or write it for a change that a later step refused.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, ROOT, sourceFiles } from "@/scripts/import-scan";

describe("who writes audit rows", () => {
  const app = sourceFiles("app");

  it("nothing in app/ writes one", () => {
    // Any way of reaching the writer names it: an import, an alias, a namespace's member.
    const byName = app.filter((file) => /\brecordAudit\b/.test(readFileSync(join(ROOT, file), "utf8")));
    const byModule = app.filter((file) => importsOf(file).includes("lib/audit/record-audit"));
    expect(byName).toEqual([]);
    expect(byModule).toEqual([]);
  });

  it("sees app/'s server actions and the audit page", () => {
    // Guards the scan: if it stopped finding files, the test above would pass on nothing.
    expect(app).toContain("app/[locale]/admin/(signed-in)/people/actions.ts");
    expect(importsOf("app/[locale]/admin/(signed-in)/audit/page.tsx")).toContain("lib/shop/audit");
  });
});
