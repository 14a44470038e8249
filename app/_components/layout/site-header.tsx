import Link from "next/link";
import { LogoMark } from "./logo-mark";
import { ThemeToggle } from "./theme-toggle";
import styles from "./layout.module.css";

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link href="/" className={styles.brand}>
          <LogoMark />
          <span>Voucher Storefront</span>
        </Link>
        <ThemeToggle />
      </div>
    </header>
  );
}
