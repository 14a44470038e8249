// The email that tells a buyer the shop refunded their order, in full or in part. Like the
// order email it links to the order (the buyer's receipt, which now says refunded) and carries
// no code. The owner's reason stays in the admin: it is written for the shop, not the buyer.
import type { Money } from "@/lib/money";
import { formatMoney } from "@/lib/money";
import type { MailMessage } from "./mailer";

export interface RefundEmail {
  to: string;
  orderId: string;
  product: string;
  /** This refund. */
  amount: Money;
  /** The whole order was refunded (otherwise a part of it, and the code stays the buyer's). */
  full: boolean;
  /**
   * The buyer's order link; null when it can no longer be made (the order was sealed under an
   * earlier CHECKOUT_CODE_KEY). The refund is news the buyer must get either way.
   */
  link: string | null;
  shopName: string;
  test: boolean;
}

export function refundEmail(input: RefundEmail): MailMessage {
  const amount = formatMoney(input.amount, "en");
  const note = input.test ? "This is a test order: nothing real was charged or refunded.\n\n" : "";
  const what = input.full ? `We refunded your order ${input.orderId} (${input.product}) in full: ${amount}.` : `We refunded ${amount} of your order ${input.orderId} (${input.product}).`;
  const when = "The money goes back to the card you paid with; your bank may take a few days to show it.";
  const link = input.link === null ? "" : `Your order:\n${input.link}\n\n`;
  const text = `${note}${what}\n\n${when}\n\n${link}${input.shopName}`;
  const html =
    `${input.test ? `<p><strong>This is a test order: nothing real was charged or refunded.</strong></p>` : ""}` +
    `<p>${escape(what)}</p><p>${escape(when)}</p>` +
    `${input.link === null ? "" : `<p><a href="${escape(input.link)}">See your order</a></p>`}<p>${escape(input.shopName)}</p>`;
  return { to: input.to, subject: `Refund for your order ${input.orderId} at ${input.shopName}`, text, html };
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
