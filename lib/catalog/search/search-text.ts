// What a gamer types, and what a product is called, brought to one form before comparing:
// lower case, no accents, no punctuation, and the short names gamers use spelled out.

/** Lower case without accents or punctuation, so "Pokémon" is "pokemon" and "top-up" is "top up". */
export function normaliseText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * Short names and spellings gamers type, by what product names say instead. Keys and values
 * are normalised; a value may be several words. Only names of platforms and kinds of product:
 * game titles come from upstream and are matched as typed, with typos forgiven.
 */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  psn: ["playstation"],
  ps: ["playstation"],
  ps4: ["playstation"],
  ps5: ["playstation"],
  xbl: ["xbox"],
  gamepass: ["game pass"],
  eshop: ["nintendo"],
  switch: ["nintendo"],
  topup: ["top up"],
  recharge: ["top up"],
  reload: ["top up"],
  giftcard: ["gift card"],
  gc: ["gift card"],
  voucher: ["gift card", "code"],
  android: ["google play", "mobile"],
  ios: ["app store", "mobile"],
  iphone: ["app store", "mobile"],
  windows: ["pc"],
};

/** Each word of a query with the spellings that also count for it (the word itself first). */
export function queryTerms(query: string): string[][] {
  const words = normaliseText(query).split(" ").filter(Boolean);
  const terms: string[][] = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] ?? "";
    // "top up" typed as two words is one term, like "topup".
    const pair = `${word}${words[i + 1] ?? ""}`;
    if (i + 1 < words.length && ALIASES[pair]) {
      terms.push([pair, ...(ALIASES[pair] ?? [])]);
      i += 1;
      continue;
    }
    terms.push([word, ...(ALIASES[word] ?? [])]);
  }
  return terms;
}
