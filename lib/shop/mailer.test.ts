import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { mailerConfigOf } from "./mailer";

describe("the shop's mailer", () => {
  it("keeps a demo's outbox in KV on a serverless host, in a folder on one machine", () => {
    expect(mailerConfigOf(parseEnv({ VERCEL: "1", SHOP_MODE: "demo" })).outboxKv).toBeTypeOf("function");
    expect(mailerConfigOf(parseEnv({ SHOP_MODE: "demo" })).outboxKv).toBeUndefined();
    expect(mailerConfigOf(parseEnv({ SHOP_MODE: "demo", OUTBOX_DIR: "/tmp/outbox" })).outboxDir).toBe("/tmp/outbox");
  });
});
