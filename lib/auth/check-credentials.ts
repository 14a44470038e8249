// The whole credentials check of a sign-in: the password, then (for an account that enrolled
// one) the second factor. A known password without the code is not a session, and says only
// that a code is needed.
import { err, ok, type Result } from "@/lib/result";
import type { FirstOwner } from "./admin-settings";
import { findAccount, type Account } from "./find-account";
import { verifyPassword } from "@/lib/security/password-hash";
import { totpEnabled, verifySecondFactor, type TotpDeps } from "./totp";

/** `credentials`: no such account or a wrong password, deliberately not told apart. */
export type SignInFailure = "credentials" | "totp_required" | "wrong_code";

export interface SignInAttempt {
  email: string;
  password: string;
  code?: string | undefined;
}

// Checked when the email is unknown, so that answering takes as long as for a known one.
const NO_ACCOUNT_HASH = "scrypt:32768:8:1:AAAAAAAAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

export async function checkCredentials(
  deps: TotpDeps & { owner: FirstOwner | null },
  attempt: SignInAttempt,
): Promise<Result<Account & { factor: "password" | "totp" | "recovery" }, SignInFailure>> {
  const account = await findAccount(deps.kv, deps.owner, attempt.email);
  const passwordOk = await verifyPassword(attempt.password, account?.passwordHash ?? NO_ACCOUNT_HASH);
  if (!account || !passwordOk) return err("credentials");
  if (!(await totpEnabled(deps.kv, account.email))) return ok({ ...account, factor: "password" });
  if (!attempt.code) return err("totp_required");
  const factor = await verifySecondFactor(deps, account.email, attempt.code);
  return factor ? ok({ ...account, factor }) : err("wrong_code");
}
