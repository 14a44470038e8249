import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import { actionName, changeLines, targetParts } from "./audit-text";

type T = Parameters<typeof actionName>[1];
const say = (locale: "en" | "zh") => createTranslator({ locale, messages: locale === "en" ? en : zh, namespace: "admin.audit" }) as unknown as T;

describe("an audit row in the reader's language", () => {
  it("names a known action in words and keeps an unknown one as its code", () => {
    expect(actionName("prices.rule_saved", say("en"))).toEqual({ words: "Price rule saved" });
    expect(actionName("prices.rule_saved", say("zh"))).toEqual({ words: "保存价格规则" });
    expect(actionName("prices.something_new", say("zh"))).toEqual({ code: "prices.something_new" });
  });

  it("says what a target is and keeps its key", () => {
    expect(targetParts("order:01HZX", say("zh"))).toEqual({ kind: "订单", key: "01HZX" });
    expect(targetParts("reconciliation-run:r1", say("en"))).toEqual({ kind: "Reconciliation run", key: "r1" });
    expect(targetParts("thing:1", say("zh"))).toEqual({ kind: null, key: "thing:1" });
  });

  it("turns a change into field and value lines instead of JSON", () => {
    expect(changeLines({ state: "completed", acknowledged: true, mystery: { a: 1 } }, say("zh"))).toEqual([
      { field: { words: "状态" }, value: { code: "completed" } },
      { field: { words: "已确认" }, value: { words: "是" } },
      { field: { code: "mystery" }, value: { code: '{"a":1}' } },
    ]);
    expect(changeLines("x".repeat(3), say("en"))).toEqual([{ field: { words: "value" }, value: { code: "xxx" } }]);
    expect(changeLines(null, say("en"))).toEqual([]);
  });
});

describe("the audit actions the shop records", () => {
  // Every action the library writes (audit rows are written in lib/ only: decision 123) has words
  // in both languages; a new action without them would show its code on the audit page.
  const sources = readdirSync("lib", { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => readFileSync(join("lib", file), "utf8"));
  const codes = /"((?:alerts|auth|catalog|catalogue|fraud|operations|orders|people|prices|reconciliation)\.[a-z_]+)"/g;
  const actions = [...new Set(sources.flatMap((text) => [...text.matchAll(codes)].map((match) => match[1] ?? "")))];

  it("are found in the code", () => {
    expect(actions).toContain("prices.store_currency_changed");
    expect(actions.length).toBeGreaterThan(20);
  });

  it.each(actions)("%s has words in English and Chinese", (action) => {
    expect(actionName(action, say("en"))).toHaveProperty("words");
    expect(actionName(action, say("zh"))).toHaveProperty("words");
  });
});
