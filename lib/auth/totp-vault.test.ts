// Second factors at rest: what KV holds opens only with the admin secret and only for its own
// account, and a secret an earlier release kept in the clear still works and is sealed on use.
import * as OTPAuth from "otpauth";
import { describe, expect, it, vi } from "vitest";
import type { Kv } from "@/lib/kv/kv";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { AUTH_KEYS } from "./keys";
import { confirmTotpEnrolment, pendingTotp, startTotpEnrolment, totpEnabled, verifySecondFactor } from "./totp";
import { totpVault } from "./totp-vault";

const SECRET = "a-test-auth-secret-of-at-least-32-chars";
const EMAIL = "ann@x.example";

function world(kv?: Kv) {
  let now = 1_800_000_000_000;
  const clock = { now: () => now };
  return { kv: kv ?? createMemoryKv({ now: () => now }), clock, vault: totpVault(SECRET), advance: (ms: number) => (now += ms) };
}

const codeAt = (secret: string, timestamp: number) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp });

async function enrolled() {
  const deps = world();
  const { secret } = await startTotpEnrolment(deps, EMAIL);
  const pendingText = await deps.kv.get(AUTH_KEYS.totpPending(EMAIL));
  await confirmTotpEnrolment(deps, EMAIL, codeAt(secret, deps.clock.now()));
  deps.advance(30_000);
  return { ...deps, secret, pendingText };
}

describe("sealed TOTP secrets", () => {
  it("are never in KV in the clear, pending or enabled", async () => {
    const { kv, secret, pendingText } = await enrolled();
    const stored = (await kv.get(AUTH_KEYS.totp(EMAIL))) ?? "";
    expect(JSON.parse(stored)).toEqual({ sealed: expect.stringMatching(/^v1\./), enabledAt: expect.any(Number) });
    expect(stored).not.toContain(secret);
    expect(pendingText).toMatch(/^v1\./);
    expect(pendingText).not.toContain(secret);
  });

  it("produce no code from a copy of KV without the admin secret", async () => {
    const { kv, clock, secret } = await enrolled();
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const otherShop = { kv, clock, vault: totpVault("another-auth-secret-of-at-least-32-chars") };
    expect(await verifySecondFactor(otherShop, EMAIL, codeAt(secret, clock.now()))).toBeNull();
    expect(log).toHaveBeenCalledWith(expect.stringContaining("AUTH_SECRET changed"));
    log.mockRestore();
    // The factor is still on: the password alone does not get in, a recovery code would.
    expect(await totpEnabled(kv, EMAIL)).toBe(true);
  });

  it("open only for the account they were sealed for", async () => {
    const { kv, clock, vault, secret } = await enrolled();
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await kv.set(AUTH_KEYS.totp("mallory@x.example"), (await kv.get(AUTH_KEYS.totp(EMAIL))) ?? "");
    expect(await verifySecondFactor({ kv, clock, vault }, "mallory@x.example", codeAt(secret, clock.now()))).toBeNull();
    expect(await verifySecondFactor({ kv, clock, vault }, EMAIL, codeAt(secret, clock.now()))).toBe("totp");
    log.mockRestore();
  });

  it("use a secret kept in the clear by an earlier release, and seal it in its place", async () => {
    const deps = world();
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await deps.kv.set(AUTH_KEYS.totp(EMAIL), JSON.stringify({ secret, enabledAt: 1 }));
    expect(await verifySecondFactor(deps, EMAIL, codeAt(secret, deps.clock.now()))).toBe("totp");
    const stored = (await deps.kv.get(AUTH_KEYS.totp(EMAIL))) ?? "";
    expect(stored).not.toContain(secret);
    expect(JSON.parse(stored)).toMatchObject({ sealed: expect.stringMatching(/^v1\./), enabledAt: 1 });
    deps.advance(30_000);
    expect(await verifySecondFactor(deps, EMAIL, codeAt(secret, deps.clock.now()))).toBe("totp");
  });

  it("do not bring back a clear factor turned off while it was being sealed", async () => {
    const base = createMemoryKv({ now: () => 1_800_000_000_000 });
    // The factor is turned off between the sign-in's read and its sealing write.
    const racing: Kv = Object.assign(Object.create(base) as Kv, {
      async get(key: string) {
        const value = await base.get(key);
        if (key === AUTH_KEYS.totp(EMAIL)) await base.del(key);
        return value;
      },
    });
    const deps = world(racing);
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await base.set(AUTH_KEYS.totp(EMAIL), JSON.stringify({ secret, enabledAt: 1 }));
    await verifySecondFactor(deps, EMAIL, codeAt(secret, deps.clock.now()));
    expect(await base.get(AUTH_KEYS.totp(EMAIL))).toBeNull();
  });

  it("drop an enrolment begun in the clear: the person starts it again", async () => {
    const deps = world();
    await deps.kv.set(AUTH_KEYS.totpPending(EMAIL), new OTPAuth.Secret({ size: 20 }).base32);
    expect(await pendingTotp(deps, EMAIL)).toBeNull();
  });
});
