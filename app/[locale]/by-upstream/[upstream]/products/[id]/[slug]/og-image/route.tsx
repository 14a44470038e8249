// The product's share card (Open Graph image, 1200×630 PNG): its name, brand, platform and
// lowest price on the brand's colours, so a link pasted into a chat says what it sells.
import { ImageResponse } from "next/og";
import { brandPalette } from "@/app/_components/brand/brand-palette";
import { productBrand } from "@/app/_components/catalog/catalog-view";
import { loadProduct } from "@/app/_components/product/load-product";
import { lowestPrice } from "@/lib/catalog/lowest-price";
import { formatMoney } from "@/lib/money/format-money";

const OG_IMAGE_SIZE = { width: 1200, height: 630 };

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { product, denominations } = await loadProduct((await params).id);
  const brand = productBrand(product);
  const { from, to } = brandPalette(brand);
  const cheapest = lowestPrice(denominations);
  const offer = !product.available ? "Out of stock" : cheapest ? `From ${formatMoney(cheapest)}` : "Top up any amount";
  return new ImageResponse(
    (
      <div
        style={{
          width: "100%",
          height: "100%",
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          padding: 72,
          color: "#fff",
          backgroundImage: `linear-gradient(135deg, ${from}, ${to})`,
        }}
      >
        <div style={{ display: "flex", fontSize: 34, opacity: 0.85, letterSpacing: 2 }}>{brand.toUpperCase()}</div>
        <div style={{ display: "flex", fontSize: 72, fontWeight: 700, lineHeight: 1.1 }}>{product.name}</div>
        <div style={{ display: "flex", justifyContent: "space-between", alignItems: "flex-end", fontSize: 36 }}>
          <div style={{ display: "flex" }}>{[product.platform, product.region ?? product.country].filter(Boolean).join(" · ")}</div>
          <div style={{ display: "flex", padding: "12px 28px", borderRadius: 999, background: "rgba(0,0,0,0.35)", fontWeight: 700 }}>{offer}</div>
        </div>
      </div>
    ),
    {
      ...OG_IMAGE_SIZE,
      // Crawlers fetch it rarely; an hour keeps a price change from lingering long.
      headers: { "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400" },
    },
  );
}
