// No hook: the product page renders this on the server, the catalogue in the browser, and each
// passes the words in from its own translator (next-intl there, client-words.tsx here).
/** Where a product works, in words: platform, then region or country (spec 2.3 gives one or the other). */
interface ProductChipsProps {
  platform: string | null | undefined;
  region: string | null | undefined;
  country: string | null | undefined;
  balance: boolean;
  /** The `place` messages the chips speak: "Any amount" for a balance service, and the list's name. */
  words: { anyAmount: string; chipsLabel: string };
}

export function ProductChips({ platform, region, country, balance, words }: ProductChipsProps) {
  const chips = [platform, region, country, balance ? words.anyAmount : null].filter((chip) => chip);
  if (chips.length === 0) return null;
  return (
    // Styled through .chips > li: a class on every chip would repeat on every catalogue card.
    <ul className="chips" aria-label={words.chipsLabel}>
      {chips.map((chip) => (
        <li key={chip}>{chip}</li>
      ))}
    </ul>
  );
}
