// A product's picture, small, in the admin's catalogue list: the owner's image, else the brand's
// artwork, else its generated art. Unlike the storefront's cards it is named (alt text): in a
// table of rows it is what tells the owner which picture buyers see.
import { BrandArt } from "@/app/_components/brand/brand-art";
import { brandSlug } from "@/app/_components/brand/brand-palette";
import { BRANDS_WITH_ARTWORK } from "@/app/_components/brand/known-brands";
import own from "./catalogue.module.css";

export function CatalogueThumbnail({ brand, image, alt }: { brand: string; image: string | null; alt: string }) {
  const src = image ?? (BRANDS_WITH_ARTWORK.has(brandSlug(brand)) ? `/brands/${brandSlug(brand)}.svg` : null);
  if (src) {
    // A plain <img> as on the storefront: small files, and no client code for next/image.
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={src} alt={alt} className={own.thumbnail} width={64} height={36} loading="lazy" referrerPolicy="no-referrer" />;
  }
  return (
    <span role="img" aria-label={alt} className={own.thumbnailBox}>
      <BrandArt brand={brand} className={own.thumbnail} />
    </span>
  );
}
