// Stripe's test card numbers and what each does. Any other number that passes the Luhn check
// authorizes too, as a generic test card; one that fails it is refused as mistyped.
export type CardBehaviour =
  | { kind: "authorize" }
  | { kind: "authenticate" }
  | { kind: "decline"; code: "card_declined"; decline_code: string; message: string }
  | { kind: "invalid"; message: string };

const CARDS: Record<string, CardBehaviour> = {
  "4242424242424242": { kind: "authorize" },
  "4000000000000002": { kind: "decline", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  "4000000000009995": {
    kind: "decline",
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  "4000002500003155": { kind: "authenticate" },
};

export function cardBehaviour(input: string): CardBehaviour {
  const digits = input.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { kind: "invalid", message: "Your card number is incorrect." };
  }
  return CARDS[digits] ?? { kind: "authorize" };
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
