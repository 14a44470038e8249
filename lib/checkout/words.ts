// What the checkout says to the owner, as a kind and its values rather than a sentence, so the
// admin can say it in the reader's language (event notes, alert details, the order's alert, an
// upstream surprise). Money stays money, for each language to format. A sentence that includes
// another one (a stuck order's alert quotes the step's event note) carries it as a named part,
// said first and put in the sentence under its name.
import { z } from "zod";
import { formatMoney, moneySchema, type Money } from "@/lib/money";

export type WordValue = string | number | Money;
export type WordValues = Record<string, WordValue>;

const plainWordsSchema = z.object({
  kind: z.string().regex(/^[a-zA-Z]{1,40}$/),
  values: z.record(z.string(), z.union([z.string(), z.number(), moneySchema])),
});

export const wordsSchema = plainWordsSchema.extend({
  /** Sentences this one includes, by the name it places them under (one level deep). */
  parts: z.record(z.string(), plainWordsSchema).optional(),
});

export type Words = z.infer<typeof wordsSchema>;

/** An English template's `{name}`s filled in; a name without a value stays as written. */
export function fillEnglish(template: string, values: WordValues): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === "object" ? formatMoney(value, "en") : String(value);
  });
}
