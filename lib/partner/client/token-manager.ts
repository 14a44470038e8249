// Lazy login, caching and renewal of the bearer token. One login at a time per client: twenty
// calls that find no fresh token share one POST /api/auth/login instead of sending twenty.
import type { Clock } from "@/lib/time/clock";
import { ok, type Result } from "@/lib/result";
import type { LoginAnswer } from "./answer-schemas";
import type { PartnerError } from "./partner-error";
import { isFresh, toCachedToken } from "./token-expiry";
import type { CachedToken, TokenStore } from "./token-store";

const SHARED_LOGIN_POLL_MS = 100;
const SHARED_LOGIN_WAIT_MS = 10_000;

export interface LoginOutcome {
  answer: LoginAnswer;
  cached: CachedToken;
}

export interface TokenManager {
  /** A token that outlives the refresh margin: the stored one, or a new login's. */
  current(): Promise<Result<CachedToken, PartnerError>>;
  /** A token other than `rejected` (which the service answered 401 to). */
  renew(rejected: string): Promise<Result<CachedToken, PartnerError>>;
  /** Log in now, whatever is stored (joins a login already under way). */
  login(): Promise<Result<LoginOutcome, PartnerError>>;
}

export function createTokenManager(deps: {
  store: TokenStore;
  clock: Clock;
  refreshMarginMs: number;
  /** Waits while another instance holds a shared store's login lock. */
  sleep: (ms: number) => Promise<void>;
  /** POST /api/auth/login, retried and validated. */
  requestLogin: () => Promise<Result<LoginAnswer, PartnerError>>;
}): TokenManager {
  let inFlight: Promise<Result<LoginOutcome, PartnerError>> | null = null;
  // The token this client last had from its store or a login. While fresh it is used without
  // asking the store again (with a KV store, a round trip per call): a token is valid until it
  // expires whoever logs in meanwhile, and one that upstream refused is dropped (renew).
  let known: CachedToken | null = null;
  const fresh = (token: CachedToken) => isFresh(token, deps.clock.now(), deps.refreshMarginMs);
  const adopt = (token: CachedToken) => ok((known = token));

  function login(): Promise<Result<LoginOutcome, PartnerError>> {
    if (inFlight) return inFlight;
    const attempt = (async (): Promise<Result<LoginOutcome, PartnerError>> => {
      const answer = await deps.requestLogin();
      if (!answer.ok) return answer;
      const cached = toCachedToken(answer.value, deps.clock.now(), deps.refreshMarginMs);
      await deps.store.set(cached);
      known = cached;
      return ok({ answer: answer.value, cached });
    })();
    inFlight = attempt;
    const done = () => {
      if (inFlight === attempt) inFlight = null;
    };
    attempt.then(done, done);
    return attempt;
  }

  async function viaLogin(): Promise<Result<CachedToken, PartnerError>> {
    const outcome = await login();
    return outcome.ok ? ok(outcome.value.cached) : outcome;
  }

  /**
   * With a shared store, log in only under its lock, after checking again whether another
   * instance stored a usable token meanwhile; without the lock, wait for that instance's token.
   * If it never comes (the holder died), log in anyway rather than fail the buyer's request.
   */
  async function viaSharedLogin(usable: (token: CachedToken) => boolean): Promise<Result<CachedToken, PartnerError>> {
    const { store } = deps;
    if (!store.withLoginLock) return viaLogin();
    const giveUpAt = deps.clock.now() + SHARED_LOGIN_WAIT_MS;
    for (;;) {
      const attempt = await store.withLoginLock<Result<CachedToken, PartnerError>>(async () => {
        const stored = await deps.store.get();
        return stored && usable(stored) ? adopt(stored) : viaLogin();
      });
      if (attempt.ran) return attempt.value;
      await deps.sleep(SHARED_LOGIN_POLL_MS);
      const stored = await deps.store.get();
      if (stored && usable(stored)) return adopt(stored);
      if (deps.clock.now() >= giveUpAt) return viaLogin();
    }
  }

  return {
    login,

    async current() {
      if (inFlight) return viaLogin();
      if (known && fresh(known)) return ok(known);
      const stored = await deps.store.get();
      if (stored && fresh(stored)) return adopt(stored);
      return viaSharedLogin(fresh);
    },

    async renew(rejected) {
      if (known?.token === rejected) known = null;
      if (inFlight) return viaLogin();
      const stored = await deps.store.get();
      // Another call may have logged in since this one read the store; its token is not the rejected one.
      if (stored && stored.token !== rejected && fresh(stored)) return adopt(stored);
      if (stored?.token === rejected) await deps.store.clear();
      return viaSharedLogin((token) => token.token !== rejected && fresh(token));
    },
  };
}
