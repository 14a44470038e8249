import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { brandSlug } from "./brand-palette";
import { BRANDS_WITH_ARTWORK } from "./known-brands";

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

describe("brand artwork", () => {
  it("lists exactly the drawings in public/brands", () => {
    const files = readdirSync(root("public/brands")).map((file) => file.replace(/\.svg$/, ""));
    expect([...BRANDS_WITH_ARTWORK].sort()).toEqual(files.sort());
  });

  it("covers every brand of the default fixture", () => {
    const fixture = JSON.parse(readFileSync(root("lib/sandbox/fixture/default-fixture.json"), "utf8")) as {
      services: { brand?: string | null; game_name: string }[];
    };
    const missing = fixture.services
      .map((s) => brandSlug(s.brand ?? s.game_name))
      .filter((slug) => !BRANDS_WITH_ARTWORK.has(slug));
    expect(missing).toEqual([]);
  });
});
