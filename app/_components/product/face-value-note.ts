// A denomination's face value in words, with what the buyer saves or pays over it.
import { compareWithFace } from "@/lib/catalog/face-value";
import { formatMoney } from "@/lib/money/format-money";
import type { Money } from "@/lib/money/money";

export interface FaceValueNote {
  face: string;
  /** "Save 5%" or "5% over face value"; null at face value or across currencies. */
  difference: string | null;
  kind: "saving" | "premium" | null;
}

export function faceValueNote(price: Money | null, faceValue: Money | null): FaceValueNote | null {
  if (!faceValue) return null;
  const comparison = price ? compareWithFace(price, faceValue) : null;
  const face = `Face value ${formatMoney(faceValue)}`;
  if (!comparison || comparison.kind === "at_face") return { face, difference: null, kind: null };
  return comparison.kind === "saving"
    ? { face, difference: `Save ${comparison.percent}%`, kind: "saving" }
    : { face, difference: `${comparison.percent}% over face value`, kind: "premium" };
}
