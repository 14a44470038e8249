// Where the bearer token lives between calls. In memory for one process now; a KV-backed store
// can later share one token across serverless instances so that they do not each log in.

/** A token with its absolute expiry; plain JSON so that a KV store can keep it as is. */
export interface CachedToken {
  token: string;
  /** Expiry, milliseconds since the Unix epoch (UTC). */
  expiresAt: number;
}

/**
 * Storage of the current token. Implementations must not throw: a shared store that fails
 * should answer `null` from `get` (the client then logs in) and ignore a failed `set`.
 */
export interface TokenStore {
  /** The stored token, or null when there is none. Expiry is the client's business. */
  get(): Promise<CachedToken | null>;
  /** Replace the stored token. */
  set(token: CachedToken): Promise<void>;
  /** Forget the stored token (after the service rejected it with a 401). */
  clear(): Promise<void>;
  /**
   * Shared stores only: run `task` while holding a lock that every instance sharing this store
   * respects, so that a fleet of instances logs in once per token lifetime, not once each.
   * `{ ran: false }` when another instance holds the lock (the caller then waits for its token).
   */
  withLoginLock?<T>(task: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
}

/** A TokenStore for one process. */
export function createMemoryTokenStore(initial: CachedToken | null = null): TokenStore {
  let current = initial;
  return {
    get: async () => current,
    set: async (token) => {
      current = token;
    },
    clear: async () => {
      current = null;
    },
  };
}
