"use server";
// A signed-in person's own security: their password, the second factor and their sessions.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { shopFirstOwner, shopTotpVault } from "@/lib/shop/auth";
import { SIGN_IN_PATH } from "@/lib/auth/auth-config";
import { changeOwnPassword, PASSWORD_CHANGED_NOTICE, type PasswordChangeProblem } from "@/lib/auth/change-password";
import { FORM_SCHEMAS } from "@/lib/auth/forms";
import type { ActionState } from "@/lib/auth/guard/admin-guard";
import { adminAction } from "@/lib/shop/admin-guard";
import { actorOf } from "@/lib/auth/guard/actor-of";
import { beginEnrolment, confirmOwnEnrolment, turnOffSecondFactor, type OwnSecondFactorDeps, type SecondFactorProblem } from "@/lib/auth/own-second-factor";
import * as people from "@/lib/auth/people-admin";
import { signInLimits } from "@/lib/auth/sign-in-limits";
import { env } from "@/lib/config/env";
import { getKv } from "@/lib/kv/get-kv";
import { systemClock } from "@/lib/time/clock";

async function totpDeps(): Promise<OwnSecondFactorDeps> {
  const kv = await getKv();
  return { kv, clock: systemClock, vault: await shopTotpVault(kv), limits: signInLimits(env()) };
}

/** The demo owner's password is public: a second factor on it would lock every other visitor out. */
async function isDemoOwner(email: string): Promise<boolean> {
  const owner = await shopFirstOwner();
  return Boolean(owner?.demo && owner.email === email);
}

const SECOND_FACTOR_REFUSALS: Record<SecondFactorProblem["code"], { message: string; field?: string }> = {
  already_on: { message: "totpAlreadyOn" },
  not_on: { message: "totpAlreadyOff" },
  no_enrolment: { message: "noEnrolment" },
  wrong_code: { message: "wrongCode", field: "code" },
  limited: { message: "codeLimited", field: "code" },
};

/** A refused code as the form shows it (a wrong one is in the audit log: own-second-factor.ts). */
function refused(problem: SecondFactorProblem): ActionState {
  const data = problem.code === "limited" ? { seconds: problem.retryAfterSeconds } : undefined;
  return { ok: false, code: "refused", ...SECOND_FACTOR_REFUSALS[problem.code], ...(data && { data }) };
}

export const startEnrolment = adminAction("staff", FORM_SCHEMAS.none, async (_input, admin) => {
  if (await isDemoOwner(admin.email)) return { ok: false, code: "refused", message: "demoOwnerTotp" };
  const started = await beginEnrolment(await totpDeps(), admin.email);
  if (!started.ok) return { ok: false, code: "refused", message: SECOND_FACTOR_REFUSALS[started.error.code].message };
  revalidatePath("/admin/security");
  return { ok: true, message: "scanCode" };
});

export const confirmEnrolment = adminAction("staff", FORM_SCHEMAS.code, async ({ code }, admin) => {
  const codes = await confirmOwnEnrolment(await totpDeps(), { email: admin.email, ip: admin.ip, code });
  if (!codes.ok) return refused(codes.error);
  return { ok: true, message: "totpEnabled", data: { codes: codes.value } };
});

export const disableSecondFactor = adminAction("staff", FORM_SCHEMAS.code, async ({ code }, admin) => {
  // Proven with a code, so a session left open on someone else's screen cannot remove it.
  const off = await turnOffSecondFactor(await totpDeps(), { email: admin.email, ip: admin.ip, code });
  if (!off.ok) return refused(off.error);
  revalidatePath("/admin/security");
  return { ok: true, message: "totpDisabled" };
});

export const signOutEverywhere = adminAction("staff", FORM_SCHEMAS.none, async (_input, admin) => {
  await people.signOutEverywhere({ kv: await getKv(), clock: systemClock }, admin.email, actorOf(admin));
  return { ok: true, message: "signedOutEverywhere" };
});

const PASSWORD_REFUSALS: Record<PasswordChangeProblem["code"], { message: string; field?: string }> = {
  demo_owner: { message: "demoOwnerPassword" },
  from_settings: { message: "passwordFromSettings" },
  wrong_password: { message: "wrongPassword", field: "current" },
  limited: { message: "passwordLimited" },
  gone: { message: "unauthorized" },
};

export const changePassword = adminAction("staff", FORM_SCHEMAS.changePassword, async ({ current, password }, admin): Promise<ActionState> => {
  const config = env();
  const deps = { kv: await getKv(), clock: systemClock, owner: await shopFirstOwner(), limits: signInLimits(config) };
  const changed = await changeOwnPassword(deps, { email: admin.email, ip: admin.ip, current, password });
  if (!changed.ok) {
    const problem = changed.error;
    const data = problem.code === "limited" ? { seconds: problem.retryAfterSeconds } : undefined;
    return { ok: false, code: "refused", ...PASSWORD_REFUSALS[problem.code], ...(data && { data }) };
  }
  // This session ended with the others: the sign-in page says why and asks for the new password.
  redirect(`${SIGN_IN_PATH}?notice=${PASSWORD_CHANGED_NOTICE}`);
});
