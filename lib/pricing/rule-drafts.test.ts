import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTempKv, type TempKv } from "@/tests/support/temp-kv";
import { discardDraft, draftStamp, readDraft, writeDraft } from "./rule-drafts";
import { ruleContentSchema } from "./rule-set";

let temp: TempKv;
let deps: { kv: TempKv["kv"]; upstream: string };
const content = ruleContentSchema.parse({ storeCurrency: "USD", global: { markupPercent: "10" }, brands: { vaultline: { markupPercent: "3" } } });

beforeEach(() => {
  temp = openTempKv();
  deps = { kv: temp.kv, upstream: "u" };
});
afterEach(() => temp.remove());

describe("rule drafts", () => {
  it("keeps one draft per person and upstream until it is discarded", async () => {
    await writeDraft(deps, "a@shop.example", { baseVersion: 4, content, updatedAt: 1 });
    expect(await readDraft(deps, "a@shop.example")).toMatchObject({ baseVersion: 4, content: { brands: { vaultline: { markupPercent: "3" } } } });
    expect(await readDraft(deps, "b@shop.example")).toBeNull();
    expect(await readDraft({ ...deps, upstream: "other" }, "a@shop.example")).toBeNull();
    await discardDraft(deps, "a@shop.example");
    expect(await readDraft(deps, "a@shop.example")).toBeNull();
  });

  it("stamps the content and the version it was made from, so a save takes only what was previewed", () => {
    const stamp = draftStamp({ baseVersion: 4, content });
    expect(draftStamp({ baseVersion: 4, content: ruleContentSchema.parse(JSON.parse(JSON.stringify(content))) })).toBe(stamp);
    expect(draftStamp({ baseVersion: 5, content })).not.toBe(stamp);
    expect(draftStamp({ baseVersion: 4, content: { ...content, global: { ...content.global, markupPercent: "11" } } })).not.toBe(stamp);
  });
});
