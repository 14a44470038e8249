import { useTranslations } from "next-intl";
import { shopMode } from "@/lib/config/shop-mode";
import styles from "./layout.module.css";

/** On every page of a demo shop, so that nobody mistakes it for a real one. */
export function DemoBanner() {
  const t = useTranslations("layout");
  // The mode is known at start, not at build: the only page `next build` prerenders (the 404
  // for unknown URLs) must not claim to be a demo, since the same build may run as a live shop.
  if (process.env.NEXT_PHASE === "phase-production-build") return null;
  if (shopMode() !== "demo") return null;
  return (
    <div className={styles.demoBanner} role="status">
      <p>{t.rich("demo", { strong: (chunks) => <strong>{chunks}</strong>, code: (chunks) => <code>{chunks}</code> })}</p>
    </div>
  );
}
