import { describe, expect, it } from "vitest";
import { botCheckSetting } from "./bot-check-setting";

const none = { TURNSTILE_SITE_KEY: undefined, TURNSTILE_SECRET_KEY: undefined, BOT_CHECK: "turnstile" as const };

describe("botCheckSetting", () => {
  it("emulates Turnstile in a demo and refuses a live shop without its keys, naming both", () => {
    expect(botCheckSetting(none, "demo")).toEqual({ ok: true, value: { kind: "sandbox" } });
    const live = botCheckSetting(none, "live");
    expect(live.ok).toBe(false);
    expect(live.ok ? "" : live.error).toMatch(/TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY.*BOT_CHECK=off/);
  });

  it("takes Cloudflare's keys in either mode, refuses half of them, and runs without a check only when told", () => {
    expect(botCheckSetting({ ...none, TURNSTILE_SITE_KEY: "0x4AAA", TURNSTILE_SECRET_KEY: "0x4BBB" }, "live")).toEqual({ ok: true, value: { kind: "turnstile", siteKey: "0x4AAA", secretKey: "0x4BBB" } });
    expect(botCheckSetting({ ...none, TURNSTILE_SITE_KEY: "0x4AAA" }, "demo").ok).toBe(false);
    expect(botCheckSetting({ ...none, BOT_CHECK: "off" }, "live")).toEqual({ ok: true, value: { kind: "off" } });
  });
});
