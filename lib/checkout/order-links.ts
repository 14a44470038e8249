// "Email me my orders" (http/post-order-links.ts), once the asker has had their answer: the
// address's orders found through its index (store/order-index.ts), newest first, and their
// links mailed to that address. Only that address ever receives them, so an asker who types
// somebody else's address learns nothing and gets nothing.
import type { Locale } from "@/lib/i18n/locales";
import type { Mailer } from "@/lib/mail/mailer";
import { orderLinksEmail, type OrderLinkLine } from "@/lib/mail/order-links-email";
import type { AdvanceDeps } from "./advance";
import { productName } from "./public-order";
import { emailHash, ORDER_INDEX_KEYS, readIndexPage } from "./store/order-index";

export interface OrderLinksDeps extends Pick<AdvanceDeps, "kv" | "store" | "vault" | "orderLink"> {
  mailer: Mailer;
  shopName: string;
}

/** A lost link is usually a recent order; a mailbox is no place for hundreds. */
export const MAX_ORDER_LINKS = 20;

export type OrderLinksOutcome = "sent" | "failed";

export async function sendOrderLinks(address: string, locale: Locale, deps: OrderLinksDeps): Promise<OrderLinksOutcome> {
  const to = address.trim();
  const wanted = to.toLowerCase();
  const page = await readIndexPage(deps.kv, ORDER_INDEX_KEYS.email(emailHash(to)), { limit: MAX_ORDER_LINKS });
  const lines = await Promise.all(
    page.entries.map(async ({ member }): Promise<OrderLinkLine | null> => {
      const read = await deps.store.read(member);
      // The index is keyed by the address's hash: the order itself must name the same address.
      if (!read.ok || read.value.record.email.trim().toLowerCase() !== wanted) return null;
      const order = read.value.record;
      const key = deps.vault.open(order.capabilitySealed, order.id);
      // Sealed under an earlier CHECKOUT_CODE_KEY: no link can be made for it any more.
      if (!key.ok) return null;
      return { orderId: order.id, createdAt: order.createdAt, product: productName(order), price: order.quote.price, link: deps.orderLink(order.id, key.value, order.locale) };
    }),
  );
  const orders = lines.filter((line) => line !== null);
  const mail = await deps.mailer.send(orderLinksEmail({ to, orders, more: page.more, shopName: deps.shopName, locale }));
  if (!mail.ok) {
    // Logged without the address or links: the buyer may ask again.
    console.error(`[order-links] not sent: ${mail.error.message}`);
    return "failed";
  }
  return "sent";
}
