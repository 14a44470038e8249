import { useTranslations } from "next-intl";

/** Where a product works, in words: platform, then region or country (spec 2.3 gives one or the other). */
interface ProductChipsProps {
  platform: string | null | undefined;
  region: string | null | undefined;
  country: string | null | undefined;
  balance: boolean;
}

export function ProductChips({ platform, region, country, balance }: ProductChipsProps) {
  const t = useTranslations("place");
  const chips = [platform, region, country, balance ? t("anyAmount") : null].filter((chip) => chip);
  if (chips.length === 0) return null;
  return (
    // Styled through .chips > li: a class on every chip would repeat on every catalogue card.
    <ul className="chips" aria-label={t("chipsLabel")}>
      {chips.map((chip) => (
        <li key={chip}>{chip}</li>
      ))}
    </ul>
  );
}
