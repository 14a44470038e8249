// Where screening keeps its state in KV, in one place so that a key's shape is decided once.
import { createHash } from "node:crypto";
import type { BlockKind } from "./block-port";

/** Emails and accounts are hashed into counter keys: a KV listing shows no buyer's address. */
export function subjectHash(value: string): string {
  return createHash("sha256").update(value).digest("hex").slice(0, 32);
}

export const FRAUD_KEYS = {
  rules: "fraud:rules",
  blockIndex: "fraud:blocklist",
  block: (kind: BlockKind, value: string) => `fraud:block:${kind}:${value}`,
  /** Orders and amount of one subject in one fixed window ("count:amount"). */
  window: (subject: string, span: "h" | "d", index: number) => `fraud:velocity:${subject}:${span}:${index}`,
  /** Set once an email has a completed order: its next purchases are not first purchases. */
  customer: (email: string) => `fraud:customer:${subjectHash(email.toLowerCase())}`,
  /** A bot-check token the shop has accepted once. */
  tokenSeen: (token: string) => `fraud:token:${subjectHash(token)}`,
  refusals: "fraud:refusals",
  declines: (minute: number) => `fraud:declines:${minute}`,
  breaker: "fraud:breaker",
  /** Who closed the breaker by hand, and when; gone once it opens again. */
  breakerClosed: "fraud:breaker:closed",
};
