// A bounded memory of tokens whose signature and claims already checked out. A token's
// signature cannot change, so re-checking it on every request (an HMAC, which Web Crypto runs
// off the main thread) only costs time; what does change is the clock, so the time-bound
// claims are checked again on every use, exactly as jose checks them.
import type { TokenClaims, VerifyResult } from "./tokens";

// Far more than the partners of any fixture hold live tokens; the oldest entry makes room.
const MAX_ENTRIES = 1024;

interface Entry {
  claims: TokenClaims;
  /** Seconds since the epoch; the token is expired from this second on. */
  exp: number;
  /** Seconds since the epoch; the token is not valid before it. */
  nbf: number | undefined;
}

export class VerifiedTokens {
  private readonly entries = new Map<string, Entry>();

  remember(token: string, entry: Entry): void {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, entry);
  }

  /** The result for a remembered token at `nowSeconds`; undefined when it must be verified in full. */
  check(token: string, nowSeconds: number): VerifyResult | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.nbf !== undefined && entry.nbf > nowSeconds) return { ok: false, reason: "invalid" };
    if (entry.exp <= nowSeconds) return { ok: false, reason: "expired" };
    return { ok: true, claims: entry.claims };
  }
}
