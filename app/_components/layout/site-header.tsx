import { LogoMark } from "./logo-mark";
import { ThemeToggle } from "./theme-toggle";
import styles from "./layout.module.css";

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        {/* A plain link: next/link would add its client code to every page for one link home. */}
        <a href="/" className={styles.brand}>
          <LogoMark />
          <span>Voucher Storefront</span>
        </a>
        <ThemeToggle />
      </div>
    </header>
  );
}
