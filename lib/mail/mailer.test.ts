// A demo published on a serverless host has no disk to write its outbox to (the functions'
// file system is read-only): there its emails are kept in KV, where the owner can read them.
import { describe, expect, it } from "vitest";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { createMailer, OUTBOX_KEY_PREFIX } from "./mailer";

const message = { to: "buyer@example.com", subject: "Your order", text: "Your code is ready.", html: "<p>Your code is ready.</p>" };

describe("the outbox in KV", () => {
  it("keeps each email as its RFC 5322 text under one key, and writes no file", async () => {
    const kv = createMemoryKv();
    const mailer = createMailer({ from: "Shop <orders@shop.test>", outboxDir: "/proc/read-only/outbox", outboxKv: async () => kv });
    const sent = await mailer.send(message);
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    expect(sent.value.where.startsWith(`kv ${OUTBOX_KEY_PREFIX}`)).toBe(true);
    const stored = await kv.get(sent.value.where.slice("kv ".length));
    expect(stored).toContain("Subject: Your order");
    expect(stored).toContain("To: buyer@example.com");
  });
});
