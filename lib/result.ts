// Errors as values: expected failures (an upstream 402, a timeout) are part of a function's
// type, so callers cannot forget them the way they forget a try/catch.

export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}
