// AUTH_SECRET keys every admin session and the seal on second factors, so a guessable one is a
// way in for anyone who can guess it. Length alone let any 32 characters through, this
// repository's own test value included. A secret made as the README says (openssl rand) is
// random bytes: it does not shrink when compressed, is not a run of neighbouring characters,
// and is no value published anywhere. A passphrase of real words can still pass; the checks
// stop what is plainly not random, not every weak choice.
import { deflateRawSync } from "node:zlib";
import { z } from "zod";

const HOW_TO_MAKE_ONE = "make one with: openssl rand -base64 32";

/** Values this repository and its documentation show; anyone can read them. */
const PUBLISHED = new Set([
  "an-auth-secret-of-thirty-two-characters",
  "a-test-auth-secret-of-at-least-32-chars",
  "another-auth-secret-of-at-least-32-chars",
]);

/**
 * 32 random bytes as hex compress to no less than ~3/4 of their length (the least of 200,000
 * tries); a text that repeats itself compresses to far less.
 */
const LEAST_COMPRESSED_SHARE = 0.7;
/** Random hex of 32 characters shows at least 9 different ones (the least of 200,000 tries). */
const FEWEST_DISTINCT = 8;

/** Why `secret` is not random enough to key the admin, or null when it is fine. */
export function authSecretWeakness(secret: string): string | null {
  if (PUBLISHED.has(secret.toLowerCase())) return "a published demo or test value, not a secret";
  if (new Set(secret).size < FEWEST_DISTINCT) return "too few different characters to be random";
  if (deflateRawSync(Buffer.from(secret)).length < secret.length * LEAST_COMPRESSED_SHARE) return "repeats itself, so it is not random";
  if (neighbourShare(secret) > 0.5) return "a run of neighbouring characters (abc…, 123…), not random";
  return null;
}

/** The share of adjacent pairs that are the same character or next to each other in code order. */
function neighbourShare(secret: string): number {
  let close = 0;
  for (let i = 1; i < secret.length; i++) if (Math.abs(secret.charCodeAt(i) - secret.charCodeAt(i - 1)) <= 1) close++;
  return close / Math.max(1, secret.length - 1);
}

export const authSecretSchema = z
  .string()
  .trim()
  .min(32, { error: `expected at least 32 characters; ${HOW_TO_MAKE_ONE}` })
  .superRefine((secret, ctx) => {
    const weakness = authSecretWeakness(secret);
    if (weakness) ctx.addIssue({ code: "custom", message: `${weakness}; ${HOW_TO_MAKE_ONE}` });
  });
