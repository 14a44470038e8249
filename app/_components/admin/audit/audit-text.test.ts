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
