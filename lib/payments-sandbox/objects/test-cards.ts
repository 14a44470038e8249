// Stripe's test card numbers and what each does. Any other number that passes the Luhn check
// authorizes too, as a generic test card of normal risk; one that fails it is refused as mistyped.
export type RiskLevel = "normal" | "elevated" | "highest";

export interface IssuerDecline {
  code: "card_declined";
  decline_code: string;
  message: string;
}

export interface TestCard {
  digits: string;
  /** Radar's risk level for a payment with this card. */
  risk: RiskLevel;
  /** Blocked by Radar whatever the rules say (Stripe's 4100 0000 0000 0019). */
  alwaysBlocked: boolean;
  /** The issuer asks for 3-D Secure on every payment. */
  requiresAuthentication: boolean;
  /** The issuer declines it. */
  decline: IssuerDecline | null;
  /** What the cardholder's bank does once the charge is captured. */
  afterCapture: "dispute" | "early_fraud_warning" | null;
}

export type CardBehaviour = { kind: "card"; card: TestCard } | { kind: "invalid"; message: string };

const PLAIN: Omit<TestCard, "digits"> = { risk: "normal", alwaysBlocked: false, requiresAuthentication: false, decline: null, afterCapture: null };

const CARDS: Record<string, Partial<TestCard>> = {
  "4000000000000002": { decline: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." } },
  "4000000000009995": { decline: { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." } },
  "4000002500003155": { requiresAuthentication: true },
  "4000002760003184": { requiresAuthentication: true },
  "4100000000000019": { risk: "highest", alwaysBlocked: true },
  "4000000000004954": { risk: "highest" },
  "4000000000009235": { risk: "elevated" },
  "4000000000000259": { afterCapture: "dispute" },
  "4000000000005423": { afterCapture: "early_fraud_warning" },
};

export function cardBehaviour(input: string): CardBehaviour {
  const digits = input.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { kind: "invalid", message: "Your card number is incorrect." };
  }
  return { kind: "card", card: { digits, ...PLAIN, ...CARDS[digits] } };
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
