// The house rules, checked on the imports themselves. lib/shop/ is the one composition root:
// the only place that reads configuration and builds the shop's parts, imported by app/,
// scripts/, bench/ and the two root files but by nothing else in lib/. Every other folder takes
// its dependencies as arguments, so no two folders need each other. The checkout and the
// sandboxes stay apart: the sandboxes imitate outside services and must work without our
// checkout, and the checkout must run the same against a real upstream. Every import form
// counts: static, re-export and dynamic import(). Unit tests may use a sandbox as the outside
// service they stand in for, and a test may mock the wiring, so *.test.ts files are not held to
// these rules.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { crossings, foldersImportingEachOther, importsOf, libFolder, ROOT, sourceFiles } from "@/scripts/import-scan";

/** Code only: a comment may name getKv() to say why a file does not call it. */
const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

const lib = (dir: string) => readdirSync(join(ROOT, "lib"), { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== dir).map((e) => `lib/${e.name}`);

describe("layering", () => {
  it("nothing in lib/ outside lib/shop/ imports lib/shop/", () => {
    expect(crossings(lib("shop"), ["lib/shop"])).toEqual([]);
    expect(sourceFiles("lib").filter((f) => !f.startsWith("lib/shop/") && importsOf(f).some((t) => t.startsWith("lib/shop/")))).toEqual([]);
  });

  it("no two lib/ folders import each other", () => {
    expect(foldersImportingEachOther()).toEqual([]);
  });

  it("next/* is imported only by the composition root, the admin guard and Next's cache handler", () => {
    const allowed = ["lib/shop/", "lib/auth/guard/", "lib/next-cache/"];
    const offenders = sourceFiles("lib")
      .filter((file) => !allowed.some((dir) => file.startsWith(dir)))
      .filter((file) => importsOf(file).some((target) => target === "next" || target.startsWith("next/")));
    expect(offenders).toEqual([]);
  });

  it("only the composition root reads configuration and the process's KV", () => {
    // Everything else takes kv, the clock and settings as arguments. lib/config/ is the settings
    // themselves, get-kv.ts is KV's own entry point, the sandboxes are outside services with their
    // own start, and Next loads its cache handler by file name, outside our wiring.
    const allowed = ["lib/shop/", "lib/config/", "lib/kv/get-kv.ts", "lib/time/clock.ts", "lib/sandbox/", "lib/payments-sandbox/", "lib/qstash-sandbox/", "lib/next-cache/kv-cache-handler.ts"];
    const reads = /\b(getKv|env|shopMode)\(/;
    const offenders = sourceFiles("lib")
      .filter((file) => !allowed.some((prefix) => file.startsWith(prefix)))
      .filter((file) => reads.test(stripComments(readFileSync(join(ROOT, file), "utf8"))));
    expect(offenders).toEqual([]);
  });

  it("the one process-singleton holder is lib/singleton.ts", () => {
    const holders = [...sourceFiles("lib"), ...sourceFiles("app")].filter(
      (file) => file !== "lib/singleton.ts" && /globalThis\s+as\b/.test(readFileSync(join(ROOT, file), "utf8")),
    );
    expect(holders).toEqual([]);
  });

  it("the sandboxes import nothing from the checkout", () => {
    expect(crossings(["lib/sandbox", "lib/payments-sandbox", "lib/qstash-sandbox"], ["lib/checkout", "lib/scheduler"])).toEqual([]);
  });

  it("the checkout imports neither sandbox", () => {
    expect(crossings(["lib/checkout", "lib/scheduler"], ["lib/sandbox", "lib/payments-sandbox", "lib/qstash-sandbox"])).toEqual([]);
  });

  it("sees every import form and every folder", () => {
    // Guards the scanner itself: a pattern that stopped matching would pass everything above.
    expect(libFolder("lib/catalog/load-catalog.ts")).toBe("catalog");
    expect(libFolder("lib/singleton.ts")).toBeNull();
    expect(importsOf("lib/shop/sandbox-reservation-seconds.ts")).toEqual(["lib/shop/embedded-sandbox"]);
    expect(importsOf("lib/checkout/http/post-partner-notification.ts")).toContain("lib/checkout/partner-notification");
  });
});
