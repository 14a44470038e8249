// The order's own alert (what the owner must act on) beside its state on the order page, in the
// reader's language; an alert set before it had words shows its English as recorded.
import { sayWords } from "@/app/_components/admin/words/say-words";
import type { OrderRecord } from "@/lib/checkout/order-record";
import type { Translator } from "@/lib/i18n/translator";

interface Props {
  alert: string;
  words: OrderRecord["alertWords"];
  /** "Needs the owner", in the reader's language. */
  label: string;
  t: Translator;
  locale: string;
}

export function OrderAlert({ alert, words, label, t, locale }: Props) {
  const said = words ? sayWords(words, "admin.orders.alerts", t, locale) : null;
  return (
    <strong>
      {" "}
      · {label}: {said ?? <span lang="en">{alert}</span>}
    </strong>
  );
}
