/** Where a product works, in words: platform, then region or country (spec 2.3 gives one or the other). */
interface ProductChipsProps {
  platform: string | null | undefined;
  region: string | null | undefined;
  country: string | null | undefined;
  balance: boolean;
}

export function ProductChips({ platform, region, country, balance }: ProductChipsProps) {
  const chips = [platform, region, country, balance ? "Any amount" : null].filter((chip) => chip);
  if (chips.length === 0) return null;
  return (
    // Styled through .chips > li: a class on every chip would repeat on every catalogue card.
    <ul className="chips" aria-label="Platform and region">
      {chips.map((chip) => (
        <li key={chip}>{chip}</li>
      ))}
    </ul>
  );
}
