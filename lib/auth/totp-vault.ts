// TOTP secrets are sealed before they touch KV, so that a copy of KV (a backup, a leaked
// replica) produces no codes without AUTH_SECRET as well. AES-256-GCM through the shop's code
// vault, with the account's email bound in as associated data: a sealed secret copied onto
// another account does not open. The key comes from the admin secret through HKDF under its own
// label, so it is unrelated to the key Auth derives from the same secret for cookies.
import { hkdfSync } from "node:crypto";
import { createCodeVault } from "@/lib/checkout/code-vault";
import { err, ok, type Result } from "@/lib/result";

const HKDF_INFO = "voucher-storefront/admin/totp-secret/v1";

export interface TotpVault {
  seal(secret: string, email: string): string;
  /** Fails for a wrong key (AUTH_SECRET changed), another account's secret or a tampered text. */
  open(sealed: string, email: string): Result<string, { code: "unreadable_secret" }>;
}

export function totpVault(secret: string): TotpVault {
  const vault = createCodeVault(new Uint8Array(hkdfSync("sha256", secret, "", HKDF_INFO, 32)));
  const boundTo = (email: string) => `totp:${email}`;
  return {
    seal: (plain, email) => vault.seal(plain, boundTo(email)),
    open(sealed, email) {
      const opened = vault.open(sealed, boundTo(email));
      return opened.ok ? ok(opened.value) : err({ code: "unreadable_secret" });
    },
  };
}
