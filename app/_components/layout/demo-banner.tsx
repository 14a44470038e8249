import { shopMode } from "@/lib/config/shop-mode";
import styles from "./layout.module.css";

/** On every page of a demo shop, so that nobody mistakes it for a real one. */
export function DemoBanner() {
  // The mode is known at start, not at build: the only page `next build` prerenders (the 404
  // for unknown URLs) must not claim to be a demo, since the same build may run as a live shop.
  if (process.env.NEXT_PHASE === "phase-production-build") return null;
  if (shopMode() !== "demo") return null;
  return (
    <div className={styles.demoBanner} role="status">
      <p>
        <strong>Demo shop — nothing here is real.</strong> Orders go to the built-in sandbox: log in as{" "}
        <code>demo</code> / <code>demo-key</code>, pay with the sandbox&apos;s test cards (see the README, &ldquo;Demo and
        live mode&rdquo;).
      </p>
    </div>
  );
}
