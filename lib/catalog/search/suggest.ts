// "No results" is not the end: the names closest to what was typed, for the buyer to try.
import { distance } from "fastest-levenshtein";
import { normaliseText } from "./search-text";

export interface Suggestable {
  /** The name to show and to search for when chosen. */
  label: string;
  /** Its normalised words. */
  words: string[];
}

/** Up to `limit` labels whose words are closest to the query's, closest first; none when nothing is close. */
export function suggestNames(query: string, candidates: readonly Suggestable[], limit = 3): string[] {
  const typed = normaliseText(query).split(" ").filter(Boolean);
  if (typed.length === 0) return [];
  const scored = new Map<string, number>();
  for (const candidate of candidates) {
    // Each typed word against its nearest word of the candidate, relative to the word's length.
    const cost =
      typed.reduce((sum, word) => sum + Math.min(...candidate.words.map((w) => distance(word, w) / Math.max(word.length, w.length))), 0) / typed.length;
    const known = scored.get(candidate.label);
    if (known === undefined || cost < known) scored.set(candidate.label, cost);
  }
  return [...scored.entries()]
    .filter(([, cost]) => cost <= 0.6)
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0], "en"))
    .slice(0, limit)
    .map(([label]) => label);
}
