import styles from "./layout.module.css";

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.bar}>
        <p>Game vouchers and balance top-ups, delivered by code or straight to your account.</p>
        <p>Prices include all fees. Voucher Storefront is open-source software.</p>
      </div>
    </footer>
  );
}
