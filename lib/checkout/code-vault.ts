// Voucher codes are money: they are sealed with AES-256-GCM before they touch KV and opened
// only to render the buyer's order page. The order id is bound in as associated data, so a
// sealed code copied onto another order does not open.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { err, ok, type Result } from "@/lib/result";

export interface CodeVault {
  seal(plain: string, orderId: string): string;
  open(sealed: string, orderId: string): Result<string, { code: "unreadable_code" }>;
}

const VERSION = "v1";
const IV_BYTES = 12;

export function createCodeVault(key: Uint8Array): CodeVault {
  if (key.length !== 32) throw new Error(`A code key must be 32 bytes, got ${key.length}`);
  return {
    seal(plain, orderId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(orderId));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
    },
    open(sealed, orderId) {
      const [version, iv, body, tag] = sealed.split(".");
      if (version !== VERSION || !iv || body === undefined || !tag) return err({ code: "unreadable_code" });
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAAD(Buffer.from(orderId));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return ok(Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8"));
      } catch {
        // A wrong key, a wrong order or a tampered text: GCM's tag check says which is impossible to tell.
        return err({ code: "unreadable_code" });
      }
    },
  };
}
