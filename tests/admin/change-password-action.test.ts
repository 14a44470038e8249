// The change-password server action checks its form with the schema the browser used, before
// anything else runs: bad input names its field and reaches neither KV nor the audit log.
import { describe, expect, it, vi } from "vitest";

vi.mock("@/lib/shop/admin-request", () => ({
  currentAdmin: async () => ({ email: "ann@x.example", role: "staff", ip: "203.0.113.5" }),
  requestHeaders: async () => new Headers({ host: "shop.example", origin: "http://shop.example" }),
}));
const touched = vi.hoisted(() => ({ kv: 0, audit: 0 }));
vi.mock("@/lib/kv/get-kv", () => ({ getKv: async () => (touched.kv++, {}) }));
// Rows are written by the library that makes each change (lib/audit is what it calls).
vi.mock("@/lib/audit", async (actual) => ({ ...(await actual<typeof import("@/lib/audit")>()), recordAudit: async () => void touched.audit++ }));

const { changePassword } = await import("@/app/[locale]/admin/(signed-in)/security/actions");

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the change-password action", () => {
  it.each([
    [{ current: "", password: "long-enough-pass", confirm: "long-enough-pass" }, "current"],
    [{ current: "old", password: "short", confirm: "short" }, "password"],
    [{ current: "old", password: "long-enough-pass", confirm: "different-pass!" }, "confirm"],
  ])("refuses %o naming %s, and touches nothing", async (fields, field) => {
    expect(await changePassword(null, form(fields))).toEqual({ ok: false, code: "invalid", message: field, field });
    expect(touched).toEqual({ kv: 0, audit: 0 });
  });
});
