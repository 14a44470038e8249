// A demo published on a serverless host has no disk to write its outbox to (the functions'
// file system is read-only): there its emails are kept in KV, where the owner can read them.
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
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

describe("the outbox in a folder", () => {
  it("makes the folder at the first email and writes each email as its own .eml file", async () => {
    const dir = path.join(await mkdtemp(path.join(tmpdir(), "outbox-")), "not-yet", "there");
    const mailer = createMailer({ from: "Shop <orders@shop.test>", outboxDir: dir });
    const first = await mailer.send(message);
    const second = await mailer.send({ ...message, to: "other@example.com" });
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(first.value.where).not.toBe(second.value.where);
    expect(await readdir(dir)).toHaveLength(2);
    expect(await readFile(second.value.where, "utf8")).toContain("To: other@example.com");
  });
});
