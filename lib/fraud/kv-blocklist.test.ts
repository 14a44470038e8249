import { describe, expect, it } from "vitest";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { kvBlocklist } from "./kv-blocklist";

describe("kvBlocklist", () => {
  it("adds, keeps the first of a kind and value, matches the oldest first, and removes", async () => {
    const list = kvBlocklist(createMemoryKv());
    await list.block({ kind: "email_domain", value: "*.mail.test", reason: "disposable", by: "owner@shop.test", at: 1 });
    await list.block({ kind: "email", value: "a@x.mail.test", reason: "chargeback", by: "screening", at: 2 });
    await list.block({ kind: "email_domain", value: "*.mail.test", reason: "again", by: "other@shop.test", at: 3 });
    expect((await list.list()).map((entry) => [entry.kind, entry.value, entry.reason])).toEqual([
      ["email_domain", "*.mail.test", "disposable"],
      ["email", "a@x.mail.test", "chargeback"],
    ]);
    expect(await list.match({ email: "A@x.mail.test" })).toMatchObject({ kind: "email_domain", reason: "disposable" });
    await list.unblock("email_domain", "*.mail.test");
    expect(await list.match({ email: "a@x.mail.test" })).toMatchObject({ kind: "email", by: "screening" });
    expect(await list.match({ email: "b@x.mail.test" })).toBeNull();
  });

  it("matches any field of the subject: an address in a network, a country, a card", async () => {
    const list = kvBlocklist(createMemoryKv());
    await list.block({ kind: "ip", value: "2001:db8::/32", reason: "", by: "o", at: 1 });
    await list.block({ kind: "country", value: "KP", reason: "", by: "o", at: 2 });
    await list.block({ kind: "card", value: "fp_1", reason: "", by: "o", at: 3 });
    expect(await list.match({ email: "a@b.test", ip: "2001:db8::9" })).toMatchObject({ kind: "ip" });
    expect(await list.match({ email: "a@b.test", country: "KP" })).toMatchObject({ kind: "country" });
    expect(await list.match({ card: "fp_1" })).toMatchObject({ kind: "card" });
    expect(await list.match({ email: "a@b.test", ip: "203.0.113.1", country: "US", card: "fp_2" })).toBeNull();
  });
});
