// The one error type of the KV layer. Expected outcomes (a key already taken, a compare that
// did not match) are return values; a KvError means the call itself could not do its job.

export const KV_ERROR_CODES = [
  /** A TTL, increment, score or key the store cannot accept; a bug in the caller. */
  "invalid_argument",
  /** The key holds another kind of value (Redis WRONGTYPE), e.g. a sorted set read as a string. */
  "wrong_type",
  /** INCR on a value that is not a decimal integer, or past the safe integer range. */
  "not_integer",
  /** A script failed inside the store or answered something its result schema rejects. */
  "script_failed",
  /** A stored value is not the JSON its reader expects (getJson). */
  "invalid_value",
  /** The store could not be reached or answered with an error we do not map. */
  "unavailable",
  /**
   * The command was sent but its reply never came (connection lost mid-call), so it may or may
   * not have been applied. Drivers never resend it on their own: a second SET NX or INCR would
   * report the wrong outcome. The caller decides; scripts with an operation id are safe to rerun.
   */
  "reply_lost",
] as const;

export type KvErrorCode = (typeof KV_ERROR_CODES)[number];

export class KvError extends Error {
  override name = "KvError";
  constructor(
    readonly code: KvErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Map an error from a Redis server (over TCP or REST) to a KvError with a stable code. */
export function fromRedisError(error: unknown, fallback: KvErrorCode = "unavailable"): KvError {
  if (error instanceof KvError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes("WRONGTYPE")) return new KvError("wrong_type", message, { cause: error });
  if (message.includes("not an integer") || message.includes("would overflow")) {
    return new KvError("not_integer", message, { cause: error });
  }
  if (message.includes("invalid expire time")) return new KvError("invalid_argument", message, { cause: error });
  return new KvError(fallback, message, { cause: error });
}
