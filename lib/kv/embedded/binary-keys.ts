// Byte layouts for LMDB keys, chosen so LMDB's bytewise order is the order Redis returns:
// sorted-set entries by (score, member) and expiry entries by deadline. A key name ends at a
// 0x00 byte, which is why key names may not contain NUL.
import { KvError } from "../kv-error";

/** LMDB's default limit on key size. */
const MAX_KEY_BYTES = 1978;

/** Above every (score, member) suffix: no encoded finite score starts with 0xFF 0xFF. */
export const TOP = Buffer.alloc(9, 0xff);

export function keyPart(key: string): Buffer {
  if (key.includes("\0")) throw new KvError("invalid_argument", "Keys may not contain a NUL character");
  return Buffer.concat([Buffer.from(key, "utf8"), Buffer.from([0])]);
}

/** An 8-byte big-endian double, with bits flipped so that bytes sort as the numbers do. */
export function encodeScore(score: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(score === 0 ? 0 : score); // -0 and 0 are one score, as in Redis
  if ((bytes[0] ?? 0) & 0x80) {
    for (let i = 0; i < 8; i++) bytes[i] = ~(bytes[i] ?? 0) & 0xff;
  } else {
    bytes[0] = (bytes[0] ?? 0) | 0x80;
  }
  return bytes;
}

export function decodeScore(encoded: Buffer): number {
  const bytes = Buffer.from(encoded);
  if ((bytes[0] ?? 0) & 0x80) {
    bytes[0] = (bytes[0] ?? 0) & 0x7f;
  } else {
    for (let i = 0; i < 8; i++) bytes[i] = ~(bytes[i] ?? 0) & 0xff;
  }
  return bytes.readDoubleBE(0);
}

/** A key name LMDB can store: no NUL, within the size limit. */
export function checkKey(key: string): string {
  checked(keyPart(key));
  return key;
}

function checked(bytes: Buffer): Buffer {
  if (bytes.length > MAX_KEY_BYTES) {
    throw new KvError("invalid_argument", `Key and member together exceed ${MAX_KEY_BYTES} bytes`);
  }
  return bytes;
}

/** zorder: key, score, member. */
export function orderKey(key: string, score: number, member: string): Buffer {
  return checked(Buffer.concat([keyPart(key), encodeScore(score), Buffer.from(member, "utf8")]));
}

export function decodeOrderKey(prefixLength: number, bytes: Buffer): { score: number; member: string } {
  return {
    score: decodeScore(bytes.subarray(prefixLength, prefixLength + 8)),
    member: bytes.subarray(prefixLength + 8).toString("utf8"),
  };
}

/** zscore: key, member. */
export function memberKey(key: string, member: string): Buffer {
  return checked(Buffer.concat([keyPart(key), Buffer.from(member, "utf8")]));
}

/** expiry: deadline, key. Positive doubles already sort bytewise, big-endian. */
export function expiryKey(expiresAt: number, key: string): Buffer {
  const deadline = Buffer.alloc(8);
  deadline.writeDoubleBE(expiresAt);
  return Buffer.concat([deadline, Buffer.from(key, "utf8")]);
}

export function decodeExpiryKey(bytes: Buffer): { expiresAt: number; key: string } {
  return { expiresAt: bytes.readDoubleBE(0), key: bytes.subarray(8).toString("utf8") };
}
