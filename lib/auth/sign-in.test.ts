// The sign-in's own rules, on a memory KV with a hand-moved clock: session versions, the
// second factor, invitations and the limits.
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { createMemoryKv } from "@/tests/support/memory-kv";
import type { FirstOwner } from "./admin-settings";
import { checkCredentials } from "./check-credentials";
import { acceptInvite, createInvite, INVITE_TTL_MS, readInvite } from "./invites";
import { hashPassword } from "@/lib/security/password-hash";
import { getPerson, removePerson, setPasswordHash } from "./people-store";
import { bumpSessionVersion, sessionVersion } from "./session-version";
import { hitSignInLimits, signInLimits } from "./sign-in-limits";
import { confirmTotpEnrolment, startTotpEnrolment, verifySecondFactor } from "./totp";
import { totpVault } from "./totp-vault";

const FAST = { N: 1024, r: 8, p: 1 };

function world() {
  let now = 1_800_000_000_000;
  const clock = { now: () => now };
  const kv = createMemoryKv({ now: () => now });
  return { kv, clock, vault: totpVault("a-test-auth-secret-of-at-least-32-chars"), advance: (ms: number) => (now += ms) };
}

const codeAt = (secret: string, timestamp: number) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp });

async function owner(): Promise<FirstOwner> {
  return { email: "owner@shop.example", passwordHash: await hashPassword("owner-password", FAST), demo: false };
}

describe("session versions", () => {
  it("start at 0 and move on with every bump, per account", async () => {
    const { kv } = world();
    expect(await sessionVersion(kv, "a@x.example")).toBe(0);
    await bumpSessionVersion(kv, "a@x.example");
    expect(await sessionVersion(kv, "a@x.example")).toBe(1);
    expect(await sessionVersion(kv, "b@x.example")).toBe(0);
  });

  it("move on when a person is removed or given a new password", async () => {
    const { kv, clock } = world();
    const { token } = await createInvite(kv, clock, { email: "ann@x.example", role: "staff", invitedBy: "owner@shop.example" });
    await acceptInvite(kv, clock, token, await hashPassword("first", FAST));
    await setPasswordHash(kv, "ann@x.example", await hashPassword("second", FAST));
    expect(await sessionVersion(kv, "ann@x.example")).toBe(1);
    await removePerson(kv, "ann@x.example");
    expect(await sessionVersion(kv, "ann@x.example")).toBe(2);
    expect(await getPerson(kv, "ann@x.example")).toBeNull();
  });
});

describe("invitations", () => {
  it("let the invitee in once, with only the hash of their password kept", async () => {
    const { kv, clock, vault } = world();
    const { token } = await createInvite(kv, clock, { email: "ann@x.example", role: "staff", invitedBy: "owner@shop.example" });
    expect(await readInvite(kv, clock, token)).toMatchObject({ email: "ann@x.example", role: "staff" });
    const hash = await hashPassword("ann-password", FAST);
    const [first, second] = await Promise.all([acceptInvite(kv, clock, token, hash), acceptInvite(kv, clock, token, hash)]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    expect(await readInvite(kv, clock, token)).toBeNull();
    expect(JSON.stringify(await getPerson(kv, "ann@x.example"))).not.toContain("ann-password");
    const signedIn = await checkCredentials({ kv, clock, vault, owner: null }, { email: "ann@x.example", password: "ann-password" });
    expect(signedIn.ok && signedIn.value.role).toBe("staff");
  });

  it("expire after 48 hours", async () => {
    const { kv, clock, advance } = world();
    const { token } = await createInvite(kv, clock, { email: "bob@x.example", role: "owner", invitedBy: "owner@shop.example" });
    advance(INVITE_TTL_MS + 1);
    expect(await readInvite(kv, clock, token)).toBeNull();
    const accepted = await acceptInvite(kv, clock, token, await hashPassword("pw", FAST));
    expect(!accepted.ok && accepted.error.code).toBe("invite_unusable");
  });

  it("refuse a made-up token", async () => {
    const { kv, clock } = world();
    expect(await readInvite(kv, clock, "x".repeat(43))).toBeNull();
  });
});

describe("the second factor", () => {
  it("is enrolled with a code from the app, then asked for at every sign-in", async () => {
    const { kv, clock, vault, advance } = world();
    const first = await owner();
    const deps = { kv, clock, vault, owner: first };
    const { secret, uri } = await startTotpEnrolment(deps, first.email);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(await confirmTotpEnrolment(deps, first.email, "000000")).toBeNull();
    const recovery = await confirmTotpEnrolment(deps, first.email, codeAt(secret, clock.now()));
    expect(recovery).toHaveLength(10);

    // The password alone is no longer enough, a wrong code neither.
    const passwordOnly = await checkCredentials(deps, { email: first.email, password: "owner-password" });
    expect(!passwordOnly.ok && passwordOnly.error).toBe("totp_required");
    const wrong = await checkCredentials(deps, { email: first.email, password: "owner-password", code: "123456" });
    expect(!wrong.ok && wrong.error).toBe("wrong_code");
    // A right code with a wrong password says nothing about the code.
    advance(30_000);
    const code = codeAt(secret, clock.now());
    const badPassword = await checkCredentials(deps, { email: first.email, password: "guess", code });
    expect(!badPassword.ok && badPassword.error).toBe("credentials");

    const signedIn = await checkCredentials(deps, { email: first.email, password: "owner-password", code });
    expect(signedIn.ok && signedIn.value.factor).toBe("totp");
    // The same code, replayed within its period, is refused.
    const replay = await checkCredentials(deps, { email: first.email, password: "owner-password", code });
    expect(!replay.ok && replay.error).toBe("wrong_code");
  });

  it("takes each recovery code once", async () => {
    const { kv, clock, vault } = world();
    const deps = { kv, clock, vault };
    const { secret } = await startTotpEnrolment(deps, "ann@x.example");
    const recovery = (await confirmTotpEnrolment(deps, "ann@x.example", codeAt(secret, clock.now()))) ?? [];
    const code = recovery[3] ?? "";
    expect(await verifySecondFactor(deps, "ann@x.example", code.toUpperCase())).toBe("recovery");
    expect(await verifySecondFactor(deps, "ann@x.example", code)).toBeNull();
  });
});

describe("sign-in limits", () => {
  const limits = signInLimits(parseEnv({}));

  it("default to 10 per account and 30 per address per 15 minutes, and are settings", () => {
    expect(limits).toEqual({ perAccount: { limit: 10, windowMs: 15 * 60_000 }, perIp: { limit: 30, windowMs: 15 * 60_000 } });
    const set = signInLimits(parseEnv({ ADMIN_SIGN_IN_LIMIT_ACCOUNT: "5/1h", ADMIN_SIGN_IN_LIMIT_IP: "1000/60s" }));
    expect(set).toEqual({ perAccount: { limit: 5, windowMs: 3_600_000 }, perIp: { limit: 1000, windowMs: 60_000 } });
    expect(() => parseEnv({ ADMIN_SIGN_IN_LIMIT_IP: "lots" })).toThrow(/ADMIN_SIGN_IN_LIMIT_IP: expected requests\/window/);
  });

  it("refuse an account over its limit from any address, with the wait until the window ends", async () => {
    const { kv, clock, advance } = world();
    const deps = { kv, clock, limits };
    for (let i = 0; i < limits.perAccount.limit; i++) {
      expect((await hitSignInLimits(deps, "owner@shop.example", `198.51.100.${i}`)).allowed).toBe(true);
    }
    const refused = await hitSignInLimits(deps, "OWNER@shop.example", "203.0.113.1");
    expect(refused.allowed).toBe(false);
    expect(!refused.allowed && refused.retryAfterSeconds).toBeGreaterThan(0);
    expect((await hitSignInLimits(deps, "other@shop.example", "203.0.113.2")).allowed).toBe(true);
    advance(limits.perAccount.windowMs);
    expect((await hitSignInLimits(deps, "owner@shop.example", "203.0.113.1")).allowed).toBe(true);
  });

  it("refuse an address trying many accounts", async () => {
    const { kv, clock } = world();
    const deps = { kv, clock, limits };
    for (let i = 0; i < limits.perIp.limit; i++) await hitSignInLimits(deps, `p${i}@x.example`, "203.0.113.7");
    expect((await hitSignInLimits(deps, "new@x.example", "203.0.113.7")).allowed).toBe(false);
  });
});
