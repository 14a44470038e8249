import { describe, expect, it } from "vitest";
import { createMemoryKv } from "@/tests/support/memory-kv";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import { FRAUD_KEYS } from "./fraud-keys";
import { REFUSAL_DETAIL_KINDS } from "./refusal-detail";
import { listRefusals, recordRefusal } from "./refusal-log";

const refusal = { id: "r1", at: 1, rule: "bot_check", email: "a@shop.test", ip: null, country: null, account: null, amount: null };

describe("the refusal log", () => {
  it("keeps a refusal's detail as a kind and its values, for the admin to say in the reader's language", async () => {
    const kv = createMemoryKv({ now: () => 1 });
    await recordRefusal(kv, { ...refusal, detail: { kind: "botWrongHostname", values: { hostname: "evil.test" } } });
    expect((await listRefusals(kv, 1))[0]?.detail).toEqual({ kind: "botWrongHostname", values: { hostname: "evil.test" } });
  });

  it("still lists a refusal recorded in English before details had words", async () => {
    const kv = createMemoryKv({ now: () => 1 });
    await kv.zAdd(FRAUD_KEYS.refusals, 1, JSON.stringify({ ...refusal, detail: "no token" }));
    expect((await listRefusals(kv, 1))[0]?.detail).toBe("no token");
  });

  it.each([
    ["en", en.admin.fraud.refusalDetails],
    ["zh", zh.admin.fraud.refusalDetails],
  ] as const)("has words for every kind of detail in %s", (_locale, said) => {
    expect(Object.keys(said).sort()).toEqual([...REFUSAL_DETAIL_KINDS].sort());
  });
});
