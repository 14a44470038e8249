// One checkout counted against the owner's velocity caps, per email, client address and game
// account, in fixed hour and day windows (the window's number is in its key, so a lost TTL can
// never stretch a window; the cost is that a burst straddling a boundary may reach twice a cap,
// as with the request rate limit). Amount caps are whole units of the order's currency, turned
// into its minor units here.
import { currencyExponent, type Money } from "@/lib/money";
import type { Kv } from "@/lib/kv/kv";
import type { Clock } from "@/lib/time/clock";
import { FRAUD_KEYS, subjectHash } from "./fraud-keys";
import { capsOf, type FraudRuleName, type FraudRules } from "./fraud-rules";
import { velocityScript, velocityWithdrawScript } from "./velocity-script";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A token is good for 300 s; its mark outlives that with room for a slow clock. */
const TOKEN_MARK_MS = 600_000;
const UNUSED_KEY = "fraud:velocity:unused";

export interface VelocitySubject {
  email: string;
  /** The client address, or null when the deployment trusts no header (then every caller shares one). */
  ip: string | null;
  /** The game account a top-up goes to, if any. */
  account: string | null;
  amount: Money;
  /** The bot-check token, marked used in the same step; null when the shop runs without a bot check. */
  token: string | null;
}

export type VelocityVerdict = "ok" | "token_reused" | FraudRuleName;

function capsArg(rules: FraudRules, subject: "email" | "first" | "ip" | "account", scale: number, known: boolean): string {
  if (!known) return "skip";
  const caps = capsOf(rules, subject);
  return [caps.hourOrders, caps.dayOrders, caps.hourAmount * scale, caps.dayAmount * scale].join(",");
}

/** The hour and day windows of each subject at `now`; a subject not known has none (UNUSED_KEY). */
function windowKeys(subject: Omit<VelocitySubject, "amount" | "token">, now: number) {
  const hour = Math.floor(now / HOUR_MS);
  const day = Math.floor(now / DAY_MS);
  const email = `email:${subjectHash(subject.email.toLowerCase())}`;
  const ip = subject.ip === null ? null : `ip:${subject.ip}`;
  const account = subject.account === null ? null : `account:${subjectHash(subject.account)}`;
  const windowKey = (name: string | null, span: "h" | "d") => (name === null ? UNUSED_KEY : FRAUD_KEYS.window(name, span, span === "h" ? hour : day));
  return {
    emailHour: windowKey(email, "h"),
    emailDay: windowKey(email, "d"),
    ipHour: windowKey(ip, "h"),
    ipDay: windowKey(ip, "d"),
    accountHour: windowKey(account, "h"),
    accountDay: windowKey(account, "d"),
  };
}

export async function countVelocity(deps: { kv: Kv; clock: Clock }, rules: FraudRules, subject: VelocitySubject): Promise<VelocityVerdict> {
  const now = deps.clock.now();
  const hour = Math.floor(now / HOUR_MS);
  const day = Math.floor(now / DAY_MS);
  const scale = 10 ** currencyExponent(subject.amount.currency);
  const reply = await deps.kv.run(velocityScript, {
    keys: {
      tokenSeen: subject.token === null ? UNUSED_KEY : FRAUD_KEYS.tokenSeen(subject.token),
      customer: FRAUD_KEYS.customer(subject.email),
      ...windowKeys(subject, now),
    },
    args: {
      amount: subject.amount.minor,
      checkToken: subject.token === null ? "0" : "1",
      emailCaps: capsArg(rules, "email", scale, true),
      firstCaps: capsArg(rules, "first", scale, true),
      ipCaps: capsArg(rules, "ip", scale, subject.ip !== null),
      accountCaps: capsArg(rules, "account", scale, subject.account !== null),
      // Each window's counter lives a little past its end, never past the next one's.
      hourTtlMs: (hour + 1) * HOUR_MS - now + 60_000,
      dayTtlMs: (day + 1) * DAY_MS - now + 60_000,
      tokenTtlMs: TOKEN_MARK_MS,
    },
  });
  return reply as VelocityVerdict;
}

/** Takes back a checkout counted at `countedAt` that the shop then did not take (velocity-script.ts). */
export async function withdrawVelocity(kv: Kv, subject: Omit<VelocitySubject, "token">, countedAt: number): Promise<void> {
  await kv.run(velocityWithdrawScript, { keys: windowKeys(subject, countedAt), args: { amount: subject.amount.minor } });
}

/** An email whose order completed: its next orders are no longer first purchases. */
export async function markCustomer(kv: Kv, email: string): Promise<void> {
  await kv.set(FRAUD_KEYS.customer(email), "1");
}
