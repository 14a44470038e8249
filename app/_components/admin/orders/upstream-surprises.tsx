// What upstream did that the order did not expect (lib/checkout/upstream-surprises.ts), for the
// order page (/admin/orders/[orderId]): newest first, each with where it was heard and upstream's
// own id and status, so the owner can look it up upstream. Nothing when there were none. What
// did not fit is said in the reader's language; one kept before it had words shows its English.
import { sayWords } from "@/app/_components/admin/words/say-words";
import type { UpstreamSurprise } from "@/lib/checkout/order-record";
import type { Translator } from "@/lib/i18n/translator";
import own from "./orders.module.css";

interface Props {
  surprises: readonly UpstreamSurprise[] | undefined;
  t: Translator;
  locale: string;
  /** The time as the rest of the page shows it. */
  when: (at: number) => string;
}

export function UpstreamSurprises({ surprises, t, locale, when }: Props) {
  if (!surprises || surprises.length === 0) return null;
  const none = t("admin.orders.detail.none");
  return (
    <section aria-labelledby="order-surprises" role="alert">
      <h2 id="order-surprises">{t("admin.orders.detail.surprises")}</h2>
      <p>{t("admin.orders.detail.surprisesHelp")}</p>
      <ol className={own.events} reversed>
        {[...surprises].reverse().map((surprise, i) => {
          const said = surprise.words ? sayWords(surprise.words, "admin.orders.surprises", t, locale) : null;
          return (
          <li key={`${surprise.at}-${i}`}>
            <time dateTime={new Date(surprise.at).toISOString()}>{when(surprise.at)}</time> —{" "}
            {t("admin.orders.detail.surpriseLine", {
              source: t(`admin.orders.detail.surpriseSources.${surprise.source}`),
              upstreamOrderId: surprise.upstreamOrderId ?? none,
              status: surprise.status === null ? none : String(surprise.status),
            })}{" "}
            {said === null ? <strong lang="en">{surprise.what}</strong> : <strong>{said}</strong>}
          </li>
          );
        })}
      </ol>
    </section>
  );
}
