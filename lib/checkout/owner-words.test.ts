// What the checkout tells the owner — an alert's detail, the order's own alert, what upstream
// did unexpectedly — is said in words the admin translates (issue 29), found here in the code
// itself: a call site that went back to an English sentence fails this test.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";

const sources = readdirSync("lib/checkout", { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => ({ file, text: readFileSync(join("lib/checkout", file), "utf8") }));

/** Each `alertOwner(<order id>, <detail>` with the rest of its line. */
const calls = sources.flatMap(({ file, text }) =>
  [...text.matchAll(/\balertOwner\(\s*([\w.]+)\s*,\s*([^\n]*)/g)].map((match) => ({ file, detail: match[2] ?? "" })),
);
/** The kinds a detail `{ kind: "a", …` or `{ kind: cond ? "a" : "b", …` may have; none for a sentence. */
const kindsOf = (detail: string) => [.../^\{\s*kind:\s*([^,}]*)/.exec(detail)?.[1]?.matchAll(/"(\w+)"/g) ?? []].map((match) => match[1] ?? "");

describe("the owner's alerts from the checkout", () => {
  it("are found in the code", () => {
    expect(calls.length).toBeGreaterThan(15);
  });

  it("each give their detail as a kind with values, never an English sentence", () => {
    expect(calls.filter((call) => kindsOf(call.detail).length === 0)).toEqual([]);
  });

  it.each([
    ["en", en.admin.alerts],
    ["zh", zh.admin.alerts],
  ] as const)("each detail kind has words in %s", (_locale, alerts) => {
    const said: Record<string, unknown> = "details" in alerts ? (alerts.details as Record<string, unknown>) : {};
    const kinds = calls.flatMap((call) => kindsOf(call.detail));
    expect(kinds.filter((kind) => typeof said[kind] !== "string")).toEqual([]);
  });

  it("set the order's alert from words, never from an English string", () => {
    const english = sources.flatMap(({ file, text }) => [...text.matchAll(/\balert:\s*[`"][^\n]*/g)].map((match) => `${file}: ${match[0]}`));
    expect(english).toEqual([]);
  });
});
