// The storefront's notice while the owner has paused all sales (lib/operations): every page
// says so, since no order is taken. Read through Next's cache under its own tag, which the
// owner's switch expires, so pages stay static.
import { getTranslations } from "next-intl/server";
import { pagesPaused } from "@/lib/shop/storefront-sales";

export async function SalesPausedBanner() {
  if (!(await pagesPaused())) return null;
  const t = await getTranslations("layout");
  return (
    <p className="notice" role="status" data-testid="sales-paused">
      {t("salesPaused")}
    </p>
  );
}
