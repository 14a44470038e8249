// The checkout and the sandboxes stay apart: the sandboxes imitate outside services and must
// work without our checkout, and the checkout must run the same against a real upstream. What
// they share (where notifications go, how long a demo reservation lasts) is the shop's wiring,
// in lib/shop/. Every import form counts: static, re-export and dynamic import(). Unit tests may
// use a sandbox as the outside service they stand in for, so *.test.ts files are not held to it.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** Each module a file imports, as a path from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g)].map((match) => match[1] ?? "");
  return specifiers.map((specifier) =>
    specifier.startsWith("@/") ? specifier.slice(2) : specifier.startsWith(".") ? relative(ROOT, resolve(ROOT, dirname(file), specifier)) : specifier,
  );
}

function crossings(fromDirs: string[], toDirs: string[]): string[] {
  return fromDirs.flatMap((dir) =>
    sourceFiles(dir).flatMap((file) =>
      importsOf(file)
        .filter((target) => toDirs.some((to) => target === to || target.startsWith(`${to}/`)))
        .map((target) => `${file} imports ${target}`),
    ),
  );
}

describe("layering", () => {
  it("the sandboxes import nothing from the checkout", () => {
    expect(crossings(["lib/sandbox", "lib/payments-sandbox"], ["lib/checkout"])).toEqual([]);
  });

  it("the checkout imports neither sandbox", () => {
    expect(crossings(["lib/checkout"], ["lib/sandbox", "lib/payments-sandbox"])).toEqual([]);
  });

  it("sees every import form", () => {
    // Guards the scanner itself: a pattern that stopped matching would pass everything above.
    expect(importsOf("lib/shop/sandbox-reservation-seconds.ts")).toEqual(["lib/shop/embedded-sandbox"]);
    expect(importsOf("lib/checkout/http/post-partner-notification.ts")).toContain("lib/checkout/partner-notification");
  });
});
