// Changing one's own password: the current one is needed, bad input names its field and changes
// nothing, the change ends every session, and the first owner's (settings) and the demo
// owner's (public) passwords are not changed here.
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { createMemoryKv } from "@/tests/support/memory-kv";
import type { FirstOwner } from "./admin-settings";
import { changeOwnPassword } from "./change-password";
import { checkCredentials } from "./check-credentials";
import { FORM_SCHEMAS } from "./forms";
import { hashPassword } from "@/lib/security/password-hash";
import { addPerson, getPerson } from "./people-store";
import { sessionVersion } from "./session-version";
import { signInLimits } from "./sign-in-limits";
import { totpVault } from "./totp-vault";

const FAST = { N: 1024, r: 8, p: 1 };
const ANN = "ann@x.example";

async function world(owner: FirstOwner | null = null, settings: Record<string, string> = {}) {
  const now = 1_800_000_000_000;
  const kv = createMemoryKv({ now: () => now });
  await addPerson(kv, { email: ANN, role: "staff", passwordHash: await hashPassword("ann-old-password", FAST), addedAt: now, addedBy: "owner@shop.example" });
  const clock = { now: () => now };
  return { kv, clock, owner, limits: signInLimits(parseEnv(settings)) };
}

const change = (current: string, password = "ann-new-password") => ({ email: ANN, ip: "203.0.113.9", current, password });

describe("changing one's own password", () => {
  it("needs the current password, and changes nothing without it", async () => {
    const deps = await world();
    const before = await getPerson(deps.kv, ANN);
    const refused = await changeOwnPassword(deps, change("not-my-password"));
    expect(!refused.ok && refused.error.code).toBe("wrong_password");
    expect(await getPerson(deps.kv, ANN)).toEqual(before);
    expect(await sessionVersion(deps.kv, ANN)).toBe(0);
  });

  it("keeps only the new hash and ends every session; the new password signs in, the old does not", async () => {
    const deps = await world();
    expect((await changeOwnPassword(deps, change("ann-old-password"))).ok).toBe(true);
    expect(await sessionVersion(deps.kv, ANN)).toBe(1);
    expect(JSON.stringify(await getPerson(deps.kv, ANN))).not.toContain("ann-new-password");
    const signIn = (password: string) => checkCredentials({ ...deps, vault: totpVault("a-test-auth-secret-of-at-least-32-chars") }, { email: ANN, password });
    expect((await signIn("ann-new-password")).ok).toBe(true);
    expect((await signIn("ann-old-password")).ok).toBe(false);
  });

  it("leaves the first owner's password to the settings, and the demo owner's public one alone", async () => {
    const owner = { email: "owner@shop.example", passwordHash: await hashPassword("owner-password", FAST), demo: false };
    const fromSettings = await changeOwnPassword(await world(owner), { ...change("owner-password"), email: owner.email });
    expect(!fromSettings.ok && fromSettings.error.code).toBe("from_settings");
    const demo = { ...owner, email: "owner@demo.example", demo: true };
    const refused = await changeOwnPassword(await world(demo), { ...change("owner-password"), email: demo.email });
    expect(!refused.ok && refused.error.code).toBe("demo_owner");
  });

  it("counts each try against the sign-in limits: this form can test guesses too", async () => {
    const deps = await world(null, { ADMIN_SIGN_IN_LIMIT_ACCOUNT: "3/15m" });
    for (let i = 0; i < 3; i++) expect(!(await changeOwnPassword(deps, change(`guess-${i}`))).ok).toBe(true);
    const limited = await changeOwnPassword(deps, change("ann-old-password"));
    expect(limited).toMatchObject({ ok: false, error: { code: "limited", retryAfterSeconds: expect.any(Number) } });
    expect(await sessionVersion(deps.kv, ANN)).toBe(0);
  });
});

describe("the change-password form's schema (browser and server alike)", () => {
  const fieldOf = (form: Record<string, string>) => {
    const parsed = FORM_SCHEMAS.changePassword.safeParse(form);
    return parsed.success ? null : parsed.error.issues[0]?.path[0];
  };

  it("names the field at fault", () => {
    expect(fieldOf({ current: "", password: "long-enough-pass", confirm: "long-enough-pass" })).toBe("current");
    expect(fieldOf({ current: "old", password: "short", confirm: "short" })).toBe("password");
    expect(fieldOf({ current: "old", password: "long-enough-pass", confirm: "long-enough-pasS" })).toBe("confirm");
    expect(fieldOf({ current: "old", password: "long-enough-pass", confirm: "long-enough-pass" })).toBeNull();
  });
});
