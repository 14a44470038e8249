// No page of the shop can be framed (clickjacking), and the admin's pages carry a content
// security policy. Read from next.config.mjs itself, with the route matcher Next builds from it.
import { createRequire } from "node:module";
import { PHASE_PRODUCTION_SERVER } from "next/constants.js";
import { afterEach, describe, expect, it, vi } from "vitest";

interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}
type NextConfigFactory = (phase: string) => { headers?: () => Promise<HeaderRule[]> };

const require = createRequire(import.meta.url);
const { buildCustomRoute } = require("next/dist/lib/build-custom-route") as { buildCustomRoute: (type: "header", rule: HeaderRule) => { regex: string } };
// A specifier in a variable: the config is plain JavaScript, loaded as Next loads it.
const configUrl = new URL("../next.config.mjs", import.meta.url).href;
const config = ((await import(configUrl)) as { default: NextConfigFactory }).default;

/** The headers Next sends for `path`: later rules override earlier ones, as in Next. */
async function headersFor(path: string): Promise<Record<string, string>> {
  // The production server's phase: any other would bundle the cache handler first.
  const rules = (await config(PHASE_PRODUCTION_SERVER).headers?.()) ?? [];
  const sent: Record<string, string> = {};
  for (const rule of rules) {
    if (!new RegExp(buildCustomRoute("header", rule).regex).test(path)) continue;
    for (const { key, value } of rule.headers) sent[key.toLowerCase()] = value;
  }
  return sent;
}

const directives = (csp: string | undefined) => new Map((csp ?? "").split(";").map((d) => d.trim()).filter(Boolean).map((d) => [d.split(/\s+/)[0], d] as const));

describe("security headers", () => {
  afterEach(() => void vi.unstubAllEnvs());

  it.each(["/admin", "/admin/sign-in", "/admin/invite", "/admin/people", "/zh/admin/security", "/en/admin/orders/01HX"])("%s can be framed by nobody and has the admin's policy", async (path) => {
    const sent = await headersFor(path);
    expect(sent["x-frame-options"]).toBe("DENY");
    const csp = directives(sent["content-security-policy"]);
    expect(csp.get("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(csp.get("default-src")).toBe("default-src 'self'");
    expect(csp.get("object-src")).toBe("object-src 'none'");
    expect(csp.get("base-uri")).toBe("base-uri 'self'");
    expect(csp.get("form-action")).toBe("form-action 'self'");
    // Next's own inline scripts run without a nonce; the QR code of a second factor is a data: image.
    expect(csp.get("script-src")).toBe("script-src 'self' 'unsafe-inline'");
    expect(csp.get("img-src")).toContain("data:");
  });

  it.each(["/", "/products/481", "/orders/01HX", "/zh", "/api/checkout"])("%s (the storefront) can be framed by nobody", async (path) => {
    const sent = await headersFor(path);
    expect(sent["x-frame-options"]).toBe("DENY");
    expect(sent["content-security-policy"]).toBe("frame-ancestors 'none'");
  });

  it("lets the development server's hot reload evaluate code in the admin", async () => {
    vi.stubEnv("NODE_ENV", "development");
    expect(directives((await headersFor("/admin"))["content-security-policy"]).get("script-src")).toBe("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
  });
});
