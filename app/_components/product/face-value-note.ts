// A denomination's face value in words, with what the buyer saves or pays over it.
import { compareWithFace } from "@/lib/catalog/face-value";
import type { FaceValueComparison } from "@/lib/catalog/presentation/presentation-settings";
import type { Money } from "@/lib/money/money";
import type { Translator } from "../i18n/words";

export interface FaceValueNote {
  face: string;
  /** "Save 5%" or "5% over face value"; null at face value or across currencies. */
  difference: string | null;
  kind: "saving" | "premium" | null;
}

/** `shown`: the owner's choice of comparisons (the admin's catalogue page); the face value itself is always shown. */
export function faceValueNote(
  t: Translator,
  format: (money: Money) => string,
  price: Money | null,
  faceValue: Money | null,
  shown: FaceValueComparison = "all",
): FaceValueNote | null {
  if (!faceValue) return null;
  const comparison = price ? compareWithFace(price, faceValue) : null;
  const face = t("product.faceValue", { amount: format(faceValue) });
  if (!comparison || comparison.kind === "at_face" || shown === "none" || (shown === "savings" && comparison.kind !== "saving")) return { face, difference: null, kind: null };
  return comparison.kind === "saving"
    ? { face, difference: t("product.save", { percent: comparison.percent }), kind: "saving" }
    : { face, difference: t("product.premium", { percent: comparison.percent }), kind: "premium" };
}
