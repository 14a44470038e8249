// A person's own second factor, on a memory KV with a hand-moved clock: what counts against
// the sign-in limits and what does not.
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { createMemoryKv } from "@/tests/support/memory-kv";
import { beginEnrolment, confirmOwnEnrolment, turnOffSecondFactor } from "./own-second-factor";
import { signInLimits } from "./sign-in-limits";
import { totpEnabled } from "./totp";
import { totpVault } from "./totp-vault";

const ANN = { email: "ann@x.example", ip: "203.0.113.5" };

function world(limit = "3/15m") {
  let now = 1_800_000_000_000;
  const clock = { now: () => now };
  const limits = signInLimits(parseEnv({ ADMIN_SIGN_IN_LIMIT_ACCOUNT: limit }));
  return { kv: createMemoryKv({ now: () => now }), clock, vault: totpVault("kWq3v9ZrT1xYp6LmN8bC2dF5gH7jK0sA4eR"), limits, advance: (ms: number) => (now += ms) };
}

const codeAt = (secret: string, timestamp: number) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp });

describe("a person's own second factor", () => {
  it("asks for no code, and counts nothing, where there is nothing to confirm or turn off", async () => {
    const deps = world("1/15m");
    expect(await confirmOwnEnrolment(deps, { ...ANN, code: "123456" })).toEqual({ ok: false, error: { code: "no_enrolment" } });
    expect(await turnOffSecondFactor(deps, { ...ANN, code: "123456" })).toEqual({ ok: false, error: { code: "not_on" } });
    const started = await beginEnrolment(deps, ANN.email);
    if (!started.ok) throw new Error("enrolment refused");
    expect(await confirmOwnEnrolment(deps, { ...ANN, code: codeAt(started.value.secret, deps.clock.now()) })).toMatchObject({ ok: true });
  });

  it("turns off with a recovery code, which counts as an attempt like any code", async () => {
    const deps = world("2/15m");
    const started = await beginEnrolment(deps, ANN.email);
    if (!started.ok) throw new Error("enrolment refused");
    const recovery = await confirmOwnEnrolment(deps, { ...ANN, code: codeAt(started.value.secret, deps.clock.now()) });
    if (!recovery.ok) throw new Error("confirmation refused");
    expect(await turnOffSecondFactor(deps, { ...ANN, code: recovery.value[0] ?? "" })).toEqual({ ok: true, value: undefined });
    expect(await totpEnabled(deps.kv, ANN.email)).toBe(false);
    // Two attempts used (the confirmation, the recovery code): the next enrolment's code waits.
    const again = await beginEnrolment(deps, ANN.email);
    if (!again.ok) throw new Error("enrolment refused");
    expect(await confirmOwnEnrolment(deps, { ...ANN, code: codeAt(again.value.secret, deps.clock.now()) })).toMatchObject({ ok: false, error: { code: "limited" } });
    // A window later the enrolment (15 minutes too) is started again and confirmed.
    deps.advance(15 * 60 * 1000);
    const fresh = await beginEnrolment(deps, ANN.email);
    if (!fresh.ok) throw new Error("enrolment refused");
    expect(await confirmOwnEnrolment(deps, { ...ANN, code: codeAt(fresh.value.secret, deps.clock.now()) })).toMatchObject({ ok: true });
  });
});
