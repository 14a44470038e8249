// A signed-in person turns their own second factor on or off. A session is not proof of who
// sits at it, so each code tried here counts against the sign-in limits (one person, many
// addresses; one address, many people), as on the sign-in form: without that, a session left
// open could guess the six digits that turn the factor off. A new enrolment does not start
// while a factor is on, or confirming it would replace the factor and its recovery codes.
// Turning it on or off is written to the audit log, and so is a wrong code: it may be someone
// else guessing at an open session.
import { recordAudit } from "@/lib/audit";
import { err, ok, type Result } from "@/lib/result";
import { hitSignInLimits, type SignInLimits } from "./sign-in-limits";
import { confirmTotpEnrolment, disableTotp, pendingTotp, startTotpEnrolment, totpEnabled, verifySecondFactor, type TotpDeps } from "./totp";

/**
 * `already_on`: a factor is on; turning it off comes first. `not_on`: there is none to turn
 * off. `no_enrolment`: nothing to confirm (never started, or its 15 minutes are up).
 */
export type SecondFactorProblem =
  | { code: "already_on" | "not_on" | "no_enrolment" | "wrong_code" }
  | { code: "limited"; retryAfterSeconds: number };

export interface OwnSecondFactorDeps extends TotpDeps {
  limits: SignInLimits;
}

export interface CodeAttempt {
  email: string;
  ip: string;
  code: string;
}

export async function beginEnrolment(deps: Pick<TotpDeps, "kv" | "vault">, email: string): Promise<Result<{ secret: string; uri: string }, SecondFactorProblem>> {
  if (await totpEnabled(deps.kv, email)) return err({ code: "already_on" });
  return ok(await startTotpEnrolment(deps, email));
}

/** The recovery codes, shown once, when the code proves the app holds the new secret. */
export async function confirmOwnEnrolment(deps: OwnSecondFactorDeps, attempt: CodeAttempt): Promise<Result<string[], SecondFactorProblem>> {
  if (await totpEnabled(deps.kv, attempt.email)) return err({ code: "already_on" });
  if ((await pendingTotp(deps, attempt.email)) === null) return err({ code: "no_enrolment" });
  const limit = await hitSignInLimits(deps, attempt.email, attempt.ip);
  if (!limit.allowed) return err({ code: "limited", retryAfterSeconds: limit.retryAfterSeconds });
  const codes = await confirmTotpEnrolment(deps, attempt.email, attempt.code);
  await audit(deps, attempt, codes ? "auth.totp_enabled" : "auth.totp_enable_failed");
  return codes ? ok(codes) : err({ code: "wrong_code" });
}

/** Off with a code from the app or a recovery code. */
export async function turnOffSecondFactor(deps: OwnSecondFactorDeps, attempt: CodeAttempt): Promise<Result<void, SecondFactorProblem>> {
  if (!(await totpEnabled(deps.kv, attempt.email))) return err({ code: "not_on" });
  const limit = await hitSignInLimits(deps, attempt.email, attempt.ip);
  if (!limit.allowed) return err({ code: "limited", retryAfterSeconds: limit.retryAfterSeconds });
  if (!(await verifySecondFactor(deps, attempt.email, attempt.code))) {
    await audit(deps, attempt, "auth.totp_disable_failed");
    return err({ code: "wrong_code" });
  }
  await disableTotp(deps.kv, attempt.email);
  await audit(deps, attempt, "auth.totp_disabled");
  return ok(undefined);
}

type SecondFactorAction = "auth.totp_enabled" | "auth.totp_enable_failed" | "auth.totp_disabled" | "auth.totp_disable_failed";

function audit(deps: OwnSecondFactorDeps, attempt: CodeAttempt, action: SecondFactorAction) {
  const failed = action.endsWith("_failed") ? { after: { reason: "wrong_code" } } : {};
  return recordAudit({ actor: attempt.email, action, target: `person:${attempt.email}`, ...failed, ip: attempt.ip }, deps);
}
