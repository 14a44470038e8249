import { brandInitials, brandPalette, brandSlug, hashText } from "./brand-palette";
import { BRANDS_WITH_ARTWORK } from "./known-brands";

interface BrandArtProps {
  brand: string;
  className?: string;
  /** The product page's hero loads eagerly; cards below the fold do not. */
  priority?: boolean;
  /** The owner's picture (lib/catalog/presentation: a path in public/ or an allow-listed URL), shown instead. */
  image?: string | null;
}

/** Decorative brand artwork (16:9); the product name is always in text next to it. */
export function BrandArt({ brand, className, priority = false, image = null }: BrandArtProps) {
  if (image) {
    // Decorative like the artwork (the name is in text beside it); the CSS box sizes it.
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={image} alt="" className={className} loading={priority ? "eager" : "lazy"} referrerPolicy="no-referrer" />;
  }
  const slug = brandSlug(brand);
  if (BRANDS_WITH_ARTWORK.has(slug)) {
    return (
      // A plain <img>: the artwork is small SVG that needs no resizing, and next/image would
      // add client JavaScript to every catalogue page. No width and height: the CSS gives every
      // artwork its 16:9 box, and the attributes would repeat on each of the catalogue's cards.
      // eslint-disable-next-line @next/next/no-img-element
      <img src={`/brands/${slug}.svg`} alt="" className={className} loading={priority ? "eager" : "lazy"} />
    );
  }
  return <FallbackArt brand={brand} className={className} />;
}

function FallbackArt({ brand, className }: { brand: string; className?: string }) {
  const { from, to, angle } = brandPalette(brand);
  const id = `art-${hashText(brand).toString(36)}`;
  return (
    <svg viewBox="0 0 640 360" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1={angle > 0 ? "0" : "1"} x2="1" y2={angle > 0 ? "1" : "0"}>
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="640" height="360" fill={`url(#${id})`} />
      <circle cx="560" cy="40" r="150" fill="#fff" opacity="0.08" />
      <circle cx="70" cy="340" r="110" fill="#fff" opacity="0.06" />
      <text
        x="320"
        y="180"
        dy="0.35em"
        textAnchor="middle"
        fill="#fff"
        fontSize="120"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
        letterSpacing="4"
      >
        {brandInitials(brand)}
      </text>
    </svg>
  );
}
