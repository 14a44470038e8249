// Passwords are kept only as Node's scrypt (a memory-hard KDF in the standard library, so no
// native addon and nothing hand-rolled): a random salt per hash, and the cost parameters written
// into the hash so that they can be raised later without breaking the hashes already issued.
// Format: scrypt:<N>:<r>:<p>:<salt base64url>:<key base64url>. No "$" (PHC's separator): Next's
// .env loader would expand "$scrypt" as a variable and silently empty the setting.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { z } from "zod";

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** 2^15 × 8 × 128 bytes = 32 MiB and tens of milliseconds per guess on a server core. */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;

const b64url = z.string().regex(/^[A-Za-z0-9_-]+$/);
const power = z.coerce.number().int().refine((n) => n >= 2 && n <= 2 ** 20 && (n & (n - 1)) === 0, "N must be a power of 2");
const small = z.coerce.number().int().min(1).max(64);

/** A stored hash, parsed; the env schema and KV records check hashes with it. */
export const passwordHashSchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const [tag, N, r, p, salt, key, ...rest] = text.split(":");
    const parsed = z.tuple([z.literal("scrypt"), power, small, small, b64url, b64url]).safeParse([tag, N, r, p, salt, key]);
    if (!parsed.success || rest.length > 0) {
      ctx.addIssue({ code: "custom", message: "expected a hash printed by npm run admin:hash (scrypt:N:r:p:salt:key)" });
      return z.NEVER;
    }
    return text;
  });

function scrypt(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  // Node refuses N×r above its 32 MiB default maxmem, which the default parameters reach.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize("NFKC"), salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, params, KEY_BYTES);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join(":");
}

/** True when `password` is the one `encoded` was made from; a malformed hash matches nothing. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  if (!passwordHashSchema.safeParse(encoded).success) return false;
  const [, N, r, p, salt = "", key = ""] = encoded.split(":");
  const expected = Buffer.from(key, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), { N: Number(N), r: Number(r), p: Number(p) }, expected.length);
  return timingSafeEqual(actual, expected);
}
