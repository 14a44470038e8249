// Does a product match what was typed, and how well: every term of the query must be found in
// the product's words, exactly, as the start of a word, inside the run of its words without
// spaces ("topup" in "top up"), or within a typo or two of one of its words ("diamnds").
import { distance } from "fastest-levenshtein";
import { queryTerms } from "./search-text";

/** A product's searchable words, prepared once (normalised name, brand, platform, places). */
export interface SearchableText {
  words: string[];
  /** The words run together, for spellings that drop the spaces. */
  compact: string;
}

export function searchableText(normalised: string): SearchableText {
  const words = normalised.split(" ").filter(Boolean);
  return { words, compact: words.join("") };
}

/** How many typos a word of this length may carry and still count as meant. */
export function typosAllowed(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/** Best quality of one spelling against the product: 3 exact word, 2 word start or joined, 1 typo, 0 none. */
function spellingScore(spelling: string, text: SearchableText): number {
  const parts = spelling.split(" ");
  if (parts.length > 1) return text.compact.includes(parts.join("")) ? 2 : 0;
  if (text.words.includes(spelling)) return 3;
  if (text.words.some((word) => word.startsWith(spelling)) || (spelling.length >= 3 && text.compact.includes(spelling))) return 2;
  const allowed = typosAllowed(spelling.length);
  if (allowed === 0) return 0;
  const close = text.words.some(
    (word) =>
      // The whole word mistyped, or the start of a longer one ("diamnd" for "diamonds").
      distance(spelling, word) <= allowed || (word.length > spelling.length && distance(spelling, word.slice(0, spelling.length)) <= allowed),
  );
  return close ? 1 : 0;
}

/** 0 when some term is missing; otherwise higher for closer matches. An empty query matches all. */
export function matchScore(query: string, text: SearchableText): number {
  let total = 0;
  for (const spellings of queryTerms(query)) {
    const best = Math.max(...spellings.map((spelling) => spellingScore(spelling, text)));
    if (best === 0) return 0;
    total += best;
  }
  return queryTerms(query).length === 0 ? 1 : total;
}
