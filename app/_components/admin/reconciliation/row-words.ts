// What each side of a reconciliation row says, in the reader's words: our order's state as a
// word and its price as money, Stripe's status as a word and its amounts as money, upstream's
// order status as a word. A value this release has no word for is shown as it came.
import type { getTranslations } from "next-intl/server";
import { formatMoney } from "@/lib/money";
import type { MismatchRow } from "@/lib/reconciliation/judge";

type T = Awaited<ReturnType<typeof getTranslations<"admin.reconciliation">>>;
type Loose = (key: string, values?: Record<string, string | number>) => string;

export function rowWords(row: MismatchRow, t: T, stateWord: (state: string) => string, locale: string) {
  const say = t as unknown as Loose;
  const has = (key: string) => t.has(key as Parameters<T["has"]>[0]);
  const word = (key: string, raw: string) => (has(key) ? say(key) : raw);
  const currency = (row.ledger?.currency ?? "USD").toUpperCase();
  const money = (minor: number) => formatMoney({ minor, currency }, locale);
  return {
    ledger: row.ledger ? `${stateWord(row.ledger.state)} · ${money(row.ledger.price)}` : null,
    provider: row.provider ? t("providerSays", { status: word(`providerStatus.${row.provider.status}`, row.provider.status), received: money(row.provider.received), refunded: money(row.provider.refunded) }) : null,
    upstream: !row.upstream
      ? ""
      : row.upstream.status === null
        ? t("upstreamMissing")
        : `${word(`upstreamStatus.${row.upstream.status}`, String(row.upstream.status))}${row.upstream.amount === null ? "" : ` · ${t("upstreamAmount", { amount: row.upstream.amount })}`}`,
  };
}
