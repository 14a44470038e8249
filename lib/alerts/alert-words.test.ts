// Every alert the shop raises says itself in words the admin translates (issue 29): a title and
// a detail under admin.alerts.kinds, in both languages. The checkout's own alerts are held to
// this by lib/checkout/owner-words.test.ts; this finds the rest (the breaker, reconciliation,
// health) in the code itself, so an alert raised with English alone fails here.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";

const files = readdirSync("lib", { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));

/** Each `raiseAlert({ … })` call's object, up to the brace that closes it. */
function raisedAlerts(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\braiseAlert\(\{/g)) {
    let depth = 0;
    for (let at = (match.index ?? 0) + "raiseAlert(".length; at < text.length; at += 1) {
      if (text[at] === "{") depth += 1;
      if (text[at] === "}" && --depth === 0) {
        found.push(text.slice(match.index, at + 1));
        break;
      }
    }
  }
  return found;
}

const raised = files.flatMap((file) => raisedAlerts(readFileSync(join("lib", file), "utf8")).map((call) => ({ file, call })));
const kindOf = (call: string) => /\bwords:\s*\{\s*kind:\s*"(\w+)"/.exec(call)?.[1] ?? null;

describe("alerts raised outside the checkout", () => {
  it("are found in the code", () => {
    expect(raised.length).toBeGreaterThanOrEqual(3);
  });

  it("each carry words", () => {
    expect(raised.filter(({ call }) => kindOf(call) === null).map(({ file, call }) => `${file}: ${call.slice(0, 80)}`)).toEqual([]);
  });

  it.each([
    ["en", en.admin.alerts.kinds],
    ["zh", zh.admin.alerts.kinds],
  ] as const)("each kind has a title and a detail in %s", (_locale, kinds) => {
    const said = kinds as Record<string, { title?: string; detail?: string }>;
    const missing = raised.map(({ call }) => kindOf(call)).filter((kind): kind is string => kind !== null && !(said[kind]?.title && said[kind]?.detail));
    expect(missing).toEqual([]);
  });
});
