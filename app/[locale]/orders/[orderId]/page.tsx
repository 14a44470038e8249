// The buyer's order page, reached by the capability link the payment page returns to and the
// email carries. Rendered on the server from the order itself, so it is whole without
// scripts; the client part then keeps it current until the order is final.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ClientWords } from "@/app/_components/i18n/client-words";
import { OrderStatus } from "@/app/_components/order/order-status";
import { buyerOrderView } from "@/lib/checkout/buyer-order";
import { orderDeps } from "@/lib/shop/checkout";
import { redeemHelp } from "@/app/_components/order/redeem-help";
import { clientWords } from "@/lib/i18n/client-words";
import { isLocale } from "@/lib/i18n/locales";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return {
    title: t("order"),
    robots: { index: false, follow: false },
    // The link carries the order's key: never send it on to another site.
    referrer: "no-referrer",
  };
}

type Props = { params: Promise<{ locale: string; orderId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OrderPage({ params, searchParams }: Props) {
  const { orderId, locale } = await params;
  const { key } = await searchParams;
  const capabilityKey = typeof key === "string" ? key : null;
  // The payment page returns here: the render wakes an order awaiting its payment.
  const order = await buyerOrderView(orderId, capabilityKey, await orderDeps(), { paymentReturn: true });
  if (!order.ok && order.error.code === "not_found") notFound();
  const t = await getTranslations("order");
  // Shown with the code only (order-status.tsx), which may arrive after this render.
  const language = isLocale(locale) ? locale : "en";
  const redeem = order.ok ? await redeemHelp(order.value.record.item.gameId, language) : null;
  return (
    <>
      <h1>{t("title")}</h1>
      {order.ok && capabilityKey ? (
        <ClientWords locale={language} messages={clientWords(language, "orderStatus")}>
          <OrderStatus initial={order.value.view} capabilityKey={capabilityKey} redeem={redeem} />
        </ClientWords>
      ) : (
        <p className="notice" role="alert">
          {t("cannotShow")}
        </p>
      )}
    </>
  );
}
