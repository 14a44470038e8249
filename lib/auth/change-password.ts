// A signed-in person changes their own password. The current one is asked for first, so a
// session left open on someone else's screen is not enough, and each try counts against the
// sign-in limits, since this form can test guesses as well as the sign-in can. The new hash
// bumps the session version (people-store.ts): every session of the account ends, this one
// included, and the person signs in again with the new password. The change is written to the
// audit log, and so is a wrong current password: it may be someone else at an open session.
import { recordAudit } from "@/lib/audit";
import type { Kv } from "@/lib/kv/kv";
import { err, ok, type Result } from "@/lib/result";
import type { Clock } from "@/lib/time/clock";
import type { FirstOwner } from "./admin-settings";
import { findAccount } from "./find-account";
import { hashPassword, verifyPassword } from "@/lib/security/password-hash";
import { setPasswordHash } from "./people-store";
import { hitSignInLimits, type SignInLimits } from "./sign-in-limits";

/** The sign-in page's `notice` after a change: it says why the session ended. */
export const PASSWORD_CHANGED_NOTICE = "password-changed";

/**
 * `demo_owner`: its password is public, and one visitor changing it would lock out the rest.
 * `from_settings`: the first owner's hash is ADMIN_PASSWORD_HASH, changed where it is set.
 * `gone`: the account was removed meanwhile.
 */
export type PasswordChangeProblem =
  | { code: "demo_owner" | "from_settings" | "wrong_password" | "gone" }
  | { code: "limited"; retryAfterSeconds: number };

export interface PasswordChange {
  email: string;
  ip: string;
  current: string;
  password: string;
}

export async function changeOwnPassword(
  deps: { kv: Kv; clock: Clock; owner: FirstOwner | null; limits: SignInLimits },
  change: PasswordChange,
): Promise<Result<void, PasswordChangeProblem>> {
  const account = await findAccount(deps.kv, deps.owner, change.email);
  if (!account) return err({ code: "gone" });
  if (account.fromSettings) return err({ code: deps.owner?.demo ? "demo_owner" : "from_settings" });
  const limit = await hitSignInLimits(deps, change.email, change.ip);
  if (!limit.allowed) return err({ code: "limited", retryAfterSeconds: limit.retryAfterSeconds });
  const row = { actor: change.email, target: `person:${change.email}`, ip: change.ip };
  if (!(await verifyPassword(change.current, account.passwordHash))) {
    await recordAudit({ ...row, action: "auth.password_change_failed", after: { reason: "wrong_password" } }, deps);
    return err({ code: "wrong_password" });
  }
  if (!(await setPasswordHash(deps.kv, change.email, await hashPassword(change.password)))) return err({ code: "gone" });
  await recordAudit({ ...row, action: "auth.password_changed" }, deps);
  return ok(undefined);
}
