// The admin's banner on every signed-in page when the partner balance is below the owner's
// threshold, or sales are paused. Read from KV (the cached balance, no upstream call unless it is
// due); a KV failure shows nothing rather than failing the admin.
import { getLocale, getTranslations } from "next-intl/server";
import { formatMoney } from "@/lib/money";
import { isLow, availableMinor } from "@/lib/operations/available-balance";
import { readPause, readThreshold } from "@/lib/operations/owner-settings";
import { readBalanceFigures } from "@/lib/operations/partner-balance";
import { shopOperationsDeps } from "@/lib/shop/operations";
import Link from "next/link";

export async function LowBalanceBanner() {
  const state = await readState().catch((error: unknown) => {
    console.warn(`[operations] banner not shown: ${String(error)}`);
    return null;
  });
  if (!state) return null;
  const locale = await getLocale();
  const t = await getTranslations("admin.operations");
  const { low, paused } = state;
  if (!low && !paused) return null;
  return (
    <div role="status">
      {paused && <p className="notice">{t("pausedBanner")}</p>}
      {low && (
        <p className="notice">
          <Link href="/admin">{t("lowBanner", { available: formatMoney(low.available, locale), threshold: formatMoney(low.threshold, locale) })}</Link>
        </p>
      )}
    </div>
  );
}

async function readState() {
  const deps = await shopOperationsDeps();
  const [figures, threshold, pause] = await Promise.all([readBalanceFigures(deps), readThreshold(deps.kv), readPause(deps.kv)]);
  const low =
    figures.ok && threshold && isLow(figures.value, threshold)
      ? { available: { minor: availableMinor(figures.value), currency: figures.value.balance.currency }, threshold }
      : null;
  return { low, paused: pause.paused };
}
