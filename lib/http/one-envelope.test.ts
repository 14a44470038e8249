// Every JSON answer of ours leaves through json-answer.ts, so no route or handler can answer an
// error in a shape of its own, and every schema's refusal is worded by first-issue.ts. The sandboxes answer in the shapes of the services they imitate.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
const OWN_SHAPES = ["lib/http/", "lib/sandbox/", "lib/payments-sandbox/", "lib/turnstile-sandbox/", "lib/qstash-sandbox/"];

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

  it("no route or handler words a schema's refusal itself: the first issue is read in lib/http only", () => {
    // Log lines may quote an issue; the browser's form code (app/_components) reads its own
    // schemas' issues to mark an input before anything is sent.
    const files = [...productionFiles("app"), ...productionFiles("lib")].filter((file) => !OWN_SHAPES.some((dir) => file.startsWith(dir)) && !file.startsWith("app/_components/"));
    const readers = files.filter((file) =>
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .some((line) => /issues\[0\]/.test(line) && !/console\.\w+\(/.test(line)),
    );
    expect(readers).toEqual([]);
  });
});
