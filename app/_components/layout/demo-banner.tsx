import { useTranslations } from "next-intl";
import { DEMO_OWNER } from "@/lib/auth/admin-settings";
import { shopMode } from "@/lib/config/shop-mode";
import styles from "./layout.module.css";

/**
 * On every page of a demo shop, so that nobody mistakes it for a real one, saying what a visitor
 * can try: the sandbox's test cards, a player the check finds, and the demo owner's admin.
 */
export function DemoBanner() {
  const t = useTranslations("layout");
  // The mode is known at start, not at build: the only page `next build` prerenders (the 404
  // for unknown URLs) must not claim to be a demo, since the same build may run as a live shop.
  if (process.env.NEXT_PHASE === "phase-production-build") return null;
  if (shopMode() !== "demo") return null;
  return (
    <div className={styles.demoBanner} role="status">
      <p>
        {t.rich("demo", {
          strong: (chunks) => <strong>{chunks}</strong>,
          code: (chunks) => <code>{chunks}</code>,
          admin: (chunks) => <a href="/admin">{chunks}</a>,
          email: DEMO_OWNER.email,
          password: DEMO_OWNER.password,
        })}
      </p>
    </div>
  );
}
