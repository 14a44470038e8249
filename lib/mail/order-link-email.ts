// The one email a buyer gets: the link to their order. The link carries the order's capability
// key, so it is the buyer's receipt and their only way back to a code; the code itself is never
// put in an email (mailboxes are forwarded, synced and searched).
import type { Money } from "@/lib/money";
import { formatMoney } from "@/lib/money";
import type { MailMessage } from "./mailer";

export interface OrderLinkEmail {
  to: string;
  orderId: string;
  product: string;
  price: Money;
  link: string;
  shopName: string;
  /** Demo or PARTNER_TEST_MODE: the email says nothing real was bought. */
  test: boolean;
}

export function orderLinkEmail(input: OrderLinkEmail): MailMessage {
  const price = formatMoney(input.price, "en");
  const note = input.test ? "This is a test order: nothing real is bought or charged.\n\n" : "";
  const text =
    `${note}Thank you for your order ${input.orderId}: ${input.product}, ${price}.\n\n` +
    `Follow your order and get your code here (keep this link private; anyone with it can see your code):\n${input.link}\n\n` +
    `You are charged only when your order is delivered.\n\n${input.shopName}`;
  const html =
    `${input.test ? `<p><strong>This is a test order: nothing real is bought or charged.</strong></p>` : ""}` +
    `<p>Thank you for your order ${escape(input.orderId)}: ${escape(input.product)}, ${escape(price)}.</p>` +
    `<p><a href="${escape(input.link)}">Follow your order and get your code</a>. Keep this link private: anyone with it can see your code.</p>` +
    `<p>You are charged only when your order is delivered.</p><p>${escape(input.shopName)}</p>`;
  return { to: input.to, subject: `Your order ${input.orderId} at ${input.shopName}`, text, html };
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
