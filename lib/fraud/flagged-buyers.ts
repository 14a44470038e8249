// Buyers (by email) this shop already held, blocked, was warned about or saw a dispute from:
// their next payment page asks for 3-D Secure when the settings say "risky". Keyed by a hash of
// the lower-cased email, so the key names no one.
import { createHash } from "node:crypto";
import type { Kv } from "@/lib/kv/kv";

const key = (email: string) => `fraud:flagged-buyer:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;

export async function flagBuyer(kv: Kv, email: string, why: string): Promise<void> {
  await kv.set(key(email), why);
}

export async function isBuyerFlagged(kv: Kv, email: string): Promise<boolean> {
  return (await kv.get(key(email))) !== null;
}
