import { shopMode } from "@/lib/config/shop-mode";
import styles from "./layout.module.css";

/** On every page of a demo shop, so that nobody mistakes it for a real one. */
export function DemoBanner() {
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
