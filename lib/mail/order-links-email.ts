// "Email me my orders": the links to an address's orders, sent to that address only, in the
// language the buyer asked in. Like the order email it carries links and never a code. An
// address without orders is told so, in a mail of its own: what the asker saw on the page is the
// same either way, and the owner of the address learns that someone asked.
import { emailTag, emailWords } from "@/lib/i18n/email-words";
import type { Locale } from "@/lib/i18n/locales";
import { formatMoney, type Money } from "@/lib/money";
import { escapeHtml } from "./escape-html";
import type { MailMessage } from "./mailer";

export interface OrderLinkLine {
  orderId: string;
  createdAt: number;
  product: string;
  price: Money;
  link: string;
}

export interface OrderLinksEmail {
  to: string;
  /** Newest first; empty when the address has no orders. */
  orders: OrderLinkLine[];
  /** More orders exist than are listed. */
  more: boolean;
  shopName: string;
  locale: Locale;
}

export function orderLinksEmail(input: OrderLinksEmail): MailMessage {
  const t = emailWords(input.locale);
  const subject = t("linksSubject", { shop: input.shopName });
  if (input.orders.length === 0) {
    const none = t("linksNone", { shop: input.shopName });
    const text = `${none}\n\n${t("linksIgnore")}\n\n${input.shopName}`;
    return { to: input.to, subject, text, html: `<p>${escapeHtml(none)}</p><p>${escapeHtml(t("linksIgnore"))}</p><p>${escapeHtml(input.shopName)}</p>` };
  }
  const date = new Intl.DateTimeFormat(emailTag(input.locale), { dateStyle: "medium", timeZone: "UTC" });
  const lines = input.orders.map((order) => ({
    label: t("linksItem", { id: order.orderId, date: date.format(order.createdAt), product: order.product, price: formatMoney(order.price, emailTag(input.locale)) }),
    link: order.link,
  }));
  const intro = t("linksIntro", { shop: input.shopName });
  const more = input.more ? t("linksMore", { count: input.orders.length }) : null;
  const text =
    `${intro}\n\n${lines.map((line) => `${line.label}\n${line.link}`).join("\n\n")}\n\n` + `${more ? `${more}\n\n` : ""}${t("linksIgnore")}\n\n${input.shopName}`;
  const html =
    `<p>${escapeHtml(intro)}</p><ul>${lines.map((line) => `<li><a href="${escapeHtml(line.link)}">${escapeHtml(line.label)}</a></li>`).join("")}</ul>` +
    `${more ? `<p>${escapeHtml(more)}</p>` : ""}<p>${escapeHtml(t("linksIgnore"))}</p><p>${escapeHtml(input.shopName)}</p>`;
  return { to: input.to, subject, text, html };
}
