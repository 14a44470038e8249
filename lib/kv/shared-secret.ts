// A secret a demo shop makes for itself and keeps in KV, so that every process (and every
// restart of `npm run dev`) uses the same one: the sandbox's JWT secret, the notification
// secret, the key that seals delivered codes. A live shop configures its secrets instead.
import { randomBytes } from "node:crypto";
import type { Kv } from "./kv";
import { KvError } from "./kv-error";

/** The secret stored under `key`, made from 32 random bytes (base64url) by whoever asks first. */
export async function sharedSecret(kv: Kv, key: string): Promise<string> {
  const candidate = randomBytes(32).toString("base64url");
  // Whether or not a lost reply hid our SET NX, the GET below reads the one secret that won.
  await kv.setIfAbsent(key, candidate).catch((error: unknown) => {
    if (!(error instanceof KvError && error.code === "reply_lost")) throw error;
  });
  const secret = await kv.get(key);
  if (secret === null) throw new Error(`A shared secret vanished from KV (${key})`);
  return secret;
}
