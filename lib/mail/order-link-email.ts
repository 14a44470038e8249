// The one email a buyer gets per order: the link to it, in the language of the page they bought
// on. The link carries the order's capability key, so it is the buyer's receipt and their only
// way back to a code; the code itself is never put in an email (mailboxes are forwarded, synced
// and searched).
import { emailTag, emailWords } from "@/lib/i18n/email-words";
import type { Locale } from "@/lib/i18n/locales";
import type { Money } from "@/lib/money";
import { formatMoney } from "@/lib/money";
import { escapeHtml } from "./escape-html";
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
  locale: Locale;
}

export function orderLinkEmail(input: OrderLinkEmail): MailMessage {
  const t = emailWords(input.locale);
  const price = formatMoney(input.price, emailTag(input.locale));
  const thanks = t("orderThanks", { id: input.orderId, product: input.product, price });
  const note = input.test ? `${t("testOrder")}\n\n` : "";
  const text = `${note}${thanks}\n\n${t("orderLink")} (${t("orderPrivate")}):\n${input.link}\n\n${t("orderCharged")}\n\n${input.shopName}`;
  const html =
    `${input.test ? `<p><strong>${escapeHtml(t("testOrder"))}</strong></p>` : ""}` +
    `<p>${escapeHtml(thanks)}</p>` +
    // No punctuation of ours between the two: each language ends its own sentences.
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t("orderLink"))}</a></p><p>${escapeHtml(t("orderPrivate"))}</p>` +
    `<p>${escapeHtml(t("orderCharged"))}</p><p>${escapeHtml(input.shopName)}</p>`;
  return { to: input.to, subject: t("orderSubject", { id: input.orderId, shop: input.shopName }), text, html };
}
