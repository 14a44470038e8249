import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import { upstreamFingerprint } from "./upstream-fingerprint";

const fixtures: Record<string, string> = { "a.json": '{"games":1}', "b.json": '{"games":2}' };
const read = (path: string) => fixtures[path] ?? "";
const live = (url: string, login = "shop") => upstreamFingerprint(parseEnv({ PARTNER_API_URL: url, PARTNER_LOGIN: login }), "live", read);

describe("upstreamFingerprint", () => {
  it("differs between upstreams, logins and modes, and is stable for one", () => {
    const prints = [
      live("https://a.example/api"),
      live("https://b.example/api"),
      live("https://a.example/api", "other"),
      upstreamFingerprint(parseEnv({}), "demo", read),
    ];
    expect(new Set(prints).size).toBe(4);
    expect(live("https://a.example/api")).toBe(prints[0]);
    expect(prints[0]).toMatch(/^[\w-]{12}$/);
  });

  it("follows the demo fixture's content, not only its name", () => {
    const a = upstreamFingerprint(parseEnv({ SANDBOX_FIXTURE: "a.json" }), "demo", read);
    const b = upstreamFingerprint(parseEnv({ SANDBOX_FIXTURE: "b.json" }), "demo", read);
    expect(a).not.toBe(b);
  });
});
