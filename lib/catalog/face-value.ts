// A denomination's face value (spec 2.4 origin_price in origin_currency: what the card or pack is
// worth before any discount) and how our price compares with it, so a buyer sees what they save
// or what the convenience costs.
import type { Money } from "@/lib/money/money";

export type FaceComparison =
  | { kind: "at_face" }
  | { kind: "saving"; percent: number }
  | { kind: "premium"; percent: number };

/**
 * Our price against the face value, in whole percent of the face value. Only in one currency:
 * across currencies the answer would depend on a rate the buyer never agreed to, so it is null.
 */
export function compareWithFace(price: Money, face: Money): FaceComparison | null {
  if (price.currency !== face.currency || face.minor <= 0) return null;
  const percent = Math.round((Math.abs(price.minor - face.minor) * 100) / face.minor);
  if (percent === 0) return { kind: "at_face" };
  return price.minor < face.minor ? { kind: "saving", percent } : { kind: "premium", percent };
}
