"use client";
import { useClientWords } from "../i18n/client-words";
import type { Denomination } from "@/lib/catalog/types";
import type { FaceValueComparison } from "@/lib/catalog/presentation/presentation-settings";
import { useMoney } from "../i18n/use-money";
import { unavailableInWords } from "../i18n/words";
import { faceValueNote } from "./face-value-note";
import styles from "./product.module.css";

interface DenominationPickerProps {
  denominations: Denomination[];
  selected: number | null;
  onSelect: (voucherId: number) => void;
  faceValueComparison: FaceValueComparison;
}

/**
 * The amounts on sale as one radio group, each with its face value and what the buyer saves or
 * pays over it; ones that cannot be bought stay visible, disabled, with why.
 */
export function DenominationPicker({ denominations, selected, onSelect, faceValueComparison }: DenominationPickerProps) {
  const t = useClientWords();
  const money = useMoney();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t("product.choose")}</legend>
      <div className={styles.options}>
        {denominations.map((d) => {
          const id = `voucher-${d.voucherId}`;
          const buyable = d.available && d.price !== null;
          const note = faceValueNote(t, money.format, d.price, d.faceValue, faceValueComparison);
          return (
            <label key={d.voucherId} htmlFor={id} className={styles.option} data-disabled={buyable ? undefined : ""}>
              <input
                id={id}
                type="radio"
                name="voucher"
                value={d.voucherId}
                checked={selected === d.voucherId}
                disabled={!buyable}
                onChange={() => onSelect(d.voucherId)}
              />
              <span className={styles.optionName}>{d.name}</span>
              <span className={styles.optionPrice}>
                {buyable && d.price ? money.format(d.price) : unavailableInWords(t, d.unavailableReason ?? "not_priced")}
              </span>
              {note ? (
                <span className={styles.optionFace}>
                  {note.face}
                  {buyable && note.difference ? (
                    <>
                      {" · "}
                      <span data-kind={note.kind}>{note.difference}</span>
                    </>
                  ) : null}
                </span>
              ) : null}
              <span className={styles.optionMethod}>{t(d.deliveryMethod === "voucher_code" ? "product.methodCode" : "product.methodTopUp")}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
