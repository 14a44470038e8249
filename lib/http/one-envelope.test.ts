// Every JSON answer of ours leaves through json-answer.ts, so no route or handler can answer an
// error in a shape of its own. The sandboxes answer in the shapes of the services they imitate.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
const OWN_SHAPES = ["lib/http/", "lib/sandbox/", "lib/payments-sandbox/"];

function productionFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

describe("one error envelope", () => {
  it("no route or handler builds a JSON answer itself", () => {
    const files = [...productionFiles("app"), ...productionFiles("lib")].filter((file) => !OWN_SHAPES.some((dir) => file.startsWith(dir)));
    const builders = files.filter((file) => /\bResponse\.json\(/.test(readFileSync(join(ROOT, file), "utf8")));
    expect(builders).toEqual([]);
  });
});
