// The Security page's second-factor actions, called as a signed-in session would: each code
// tried to confirm an enrolment or to turn the factor off counts against the sign-in limits, a
// wrong one leaves an audit row, and no new enrolment starts while a factor is on.
import * as OTPAuth from "otpauth";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuditInput } from "@/lib/audit";
import { AUTH_KEYS } from "@/lib/auth/keys";
import { pendingTotp } from "@/lib/auth/totp";
import { totpVault } from "@/lib/auth/totp-vault";
import type { Kv } from "@/lib/kv/kv";
import { createMemoryKv } from "@/tests/support/memory-kv";

const ANN = { email: "ann@x.example", role: "staff", ip: "203.0.113.5" } as const;
const SECRET = "kWq3v9ZrT1xYp6LmN8bC2dF5gH7jK0sA4eR";

vi.mock("@/lib/shop/admin-request", () => ({
  currentAdmin: async () => ANN,
  requestHeaders: async () => new Headers({ host: "shop.example", origin: "http://shop.example" }),
}));
const world = vi.hoisted(() => ({ kv: null as unknown as Kv, audited: [] as AuditInput[] }));
vi.mock("@/lib/kv/get-kv", () => ({ getKv: async () => world.kv }));
// Rows are written by the library that makes each change (lib/audit is what it calls).
vi.mock("@/lib/audit", async (actual) => ({ ...(await actual<typeof import("@/lib/audit")>()), recordAudit: async (input: AuditInput) => void world.audited.push(input) }));
vi.mock("@/lib/auth/admin-settings", () => ({ firstOwner: async () => null }));
vi.mock("@/lib/shop/auth", async (actual) => ({ ...(await actual<typeof import("@/lib/shop/auth")>()), shopTotpVault: async () => totpVault(SECRET) }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { confirmEnrolment, disableSecondFactor, startEnrolment } = await import("@/app/[locale]/admin/(signed-in)/security/actions");

const form = (fields: Record<string, string> = {}) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

async function pendingSecret(): Promise<string> {
  const pending = await pendingTotp({ kv: world.kv, vault: totpVault(SECRET) }, ANN.email);
  if (!pending) throw new Error("no enrolment under way");
  return pending.secret;
}

/** A code from the app at this moment: right for `secret`, and never one already used. */
const codeFor = (secret: string) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: Date.now() });
/** Six digits that are not the code of any step the check accepts. */
function wrongCodeFor(secret: string): string {
  const near = [-30_000, 0, 30_000].map((offset) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: Date.now() + offset }));
  for (let n = 0; ; n++) {
    const guess = String(n).padStart(6, "0");
    if (!near.includes(guess)) return guess;
  }
}

async function enrolled(): Promise<string> {
  await startEnrolment(null, form());
  const secret = await pendingSecret();
  expect(await confirmEnrolment(null, form({ code: codeFor(secret) }))).toMatchObject({ ok: true, message: "totpEnabled" });
  world.audited.splice(0);
  return secret;
}

describe("the second factor's actions", () => {
  beforeEach(() => {
    world.kv = createMemoryKv();
    world.audited.splice(0);
  });

  it("refuse to start an enrolment while a factor is on, and keep the factor", async () => {
    await enrolled();
    const enabled = await world.kv.get(AUTH_KEYS.totp(ANN.email));
    expect(await startEnrolment(null, form())).toEqual({ ok: false, code: "refused", message: "totpAlreadyOn" });
    expect(await world.kv.get(AUTH_KEYS.totpPending(ANN.email))).toBeNull();
    expect(await world.kv.get(AUTH_KEYS.totp(ANN.email))).toBe(enabled);
  });

  it("audit a wrong code that tries to turn the factor off", async () => {
    const secret = await enrolled();
    expect(await disableSecondFactor(null, form({ code: wrongCodeFor(secret) }))).toMatchObject({ ok: false, message: "wrongCode" });
    expect(world.audited).toEqual([{ actor: ANN.email, action: "auth.totp_disable_failed", target: `person:${ANN.email}`, after: { reason: "wrong_code" }, ip: ANN.ip }]);
  });

  it("audit a wrong code that tries to confirm an enrolment", async () => {
    await startEnrolment(null, form());
    const secret = await pendingSecret();
    world.audited.splice(0);
    expect(await confirmEnrolment(null, form({ code: wrongCodeFor(secret) }))).toMatchObject({ ok: false, message: "wrongCode" });
    expect(world.audited).toEqual([{ actor: ANN.email, action: "auth.totp_enable_failed", target: `person:${ANN.email}`, after: { reason: "wrong_code" }, ip: ANN.ip }]);
  });

  it("stop guessing the code that turns the factor off at the sign-in limit, the right code too", async () => {
    const secret = await enrolled();
    // ADMIN_SIGN_IN_LIMIT_ACCOUNT's default: 10 attempts per 15 minutes, the confirmation the first.
    for (let i = 0; i < 9; i++) expect(await disableSecondFactor(null, form({ code: wrongCodeFor(secret) }))).toMatchObject({ message: "wrongCode" });
    const limited = await disableSecondFactor(null, form({ code: codeFor(secret) }));
    expect(limited).toMatchObject({ ok: false, code: "refused", message: "codeLimited", data: { seconds: expect.any(Number) } });
    expect(await world.kv.get(AUTH_KEYS.totp(ANN.email))).not.toBeNull();
    // Refusals by the limit are not written: a flood cannot fill the log.
    expect(world.audited).toHaveLength(9);
  });

  it("stop guessing the code that confirms an enrolment at the sign-in limit", async () => {
    await startEnrolment(null, form());
    const secret = await pendingSecret();
    for (let i = 0; i < 10; i++) expect(await confirmEnrolment(null, form({ code: wrongCodeFor(secret) }))).toMatchObject({ message: "wrongCode" });
    expect(await confirmEnrolment(null, form({ code: codeFor(secret) }))).toMatchObject({ ok: false, code: "refused", message: "codeLimited" });
    expect(await world.kv.get(AUTH_KEYS.totp(ANN.email))).toBeNull();
  });
});
