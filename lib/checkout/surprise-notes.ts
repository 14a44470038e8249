// What upstream did that an order did not expect (upstream-surprises.ts), as a kind and values
// the admin says in the reader's language (admin.orders.surprises.<kind>). The English is what
// the order keeps as the surprise's `what`, as it did before surprises had words.
import { fillEnglish, type WordValues, type Words } from "./words";

const ENGLISH = {
  otherOrder: "upstream order {upstreamOrderId} is not the one we recorded ({recorded})",
  deliveredWhileHeld: "upstream delivered it (status {status}) while we hold it as {state}",
  fillingWhileHeld: "upstream is filling it (status {status}) while we hold it as {state}",
  deliveredUnpaid: "upstream delivered it (status {status}) but the buyer never paid",
} as const satisfies Record<string, string>;

export type SurpriseKind = keyof typeof ENGLISH;

/** Every kind, for the test that each has its words in every language. */
export const SURPRISE_KINDS = Object.keys(ENGLISH) as SurpriseKind[];

export interface SurpriseNote {
  kind: SurpriseKind;
  values: WordValues;
}

export function surpriseText(note: SurpriseNote): string {
  return fillEnglish(ENGLISH[note.kind], note.values);
}

export function surpriseWords(note: SurpriseNote): Words {
  return { kind: note.kind, values: note.values };
}
