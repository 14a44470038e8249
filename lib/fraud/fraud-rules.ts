// The owner's screening rules, with the defaults a new shop starts from. Every field has its
// default in the schema, so a stored set written by an older release (missing a newer rule)
// reads with that rule at its default. Caps are counts of orders or whole units of the currency
// stored beside them (caps-currency.ts); 0 switches that one cap off. Only zod here: the admin's
// form checks it in the browser.
import { z } from "zod";

const cap = (fallback: number) =>
  z.coerce
    .number({ error: "expected a whole number, 0 for no cap" })
    .int({ error: "expected a whole number, 0 for no cap" })
    .min(0, { error: "expected 0 or more" })
    .max(10_000_000, { error: "expected at most 10000000" })
    .default(fallback);

const minutes = (fallback: number, max: number) =>
  z.coerce
    .number({ error: "expected a number of minutes" })
    .int({ error: "expected whole minutes" })
    .min(1, { error: "expected at least 1 minute" })
    .max(max, { error: `expected at most ${max} minutes` })
    .default(fallback);

export const BREAKER_ACTIONS = ["challenge", "pause"] as const;

export const fraudRulesSchema = z.object({
  // One buyer's email, once it has a completed order.
  emailHourOrders: cap(5),
  emailDayOrders: cap(15),
  emailHourAmount: cap(500),
  emailDayAmount: cap(1500),
  // An email never seen with a completed order: where a stolen card starts.
  firstHourOrders: cap(3),
  firstDayOrders: cap(5),
  firstHourAmount: cap(150),
  firstDayAmount: cap(300),
  // One client address, when the deployment says which it is (TRUSTED_PROXY_HOPS or the platform's header).
  ipHourOrders: cap(10),
  ipDayOrders: cap(30),
  ipHourAmount: cap(1000),
  ipDayAmount: cap(3000),
  // One game account a top-up goes to.
  accountHourOrders: cap(5),
  accountDayOrders: cap(15),
  accountHourAmount: cap(500),
  accountDayAmount: cap(1500),
  // The card-testing breaker: this many declined payments within the window trip it.
  breakerDeclines: z.coerce
    .number({ error: "expected a number of declines" })
    .int({ error: "expected a whole number" })
    .min(2, { error: "expected at least 2 declines" })
    .max(10_000, { error: "expected at most 10000" })
    .default(10),
  breakerWindowMinutes: minutes(10, 60),
  breakerQuietMinutes: minutes(30, 1440),
  breakerAction: z.enum(BREAKER_ACTIONS, { error: "expected challenge or pause" }).default("challenge"),
});

export type FraudRules = z.infer<typeof fraudRulesSchema>;
export type FraudRuleName = keyof FraudRules;

export const DEFAULT_FRAUD_RULES: FraudRules = fraudRulesSchema.parse({});

/** The velocity caps of one subject, in the order the velocity script reads them. */
export interface WindowCaps {
  hourOrders: number;
  dayOrders: number;
  hourAmount: number;
  dayAmount: number;
}

export function capsOf(rules: FraudRules, subject: "email" | "first" | "ip" | "account"): WindowCaps {
  return {
    hourOrders: rules[`${subject}HourOrders`],
    dayOrders: rules[`${subject}DayOrders`],
    hourAmount: rules[`${subject}HourAmount`],
    dayAmount: rules[`${subject}DayAmount`],
  };
}

/** Every amount cap given in whole units of the caps' currency (the order counts are not). */
export const AMOUNT_CAPS = ["emailHourAmount", "emailDayAmount", "firstHourAmount", "firstDayAmount", "ipHourAmount", "ipDayAmount", "accountHourAmount", "accountDayAmount"] as const;

export type AmountCapName = (typeof AMOUNT_CAPS)[number];
