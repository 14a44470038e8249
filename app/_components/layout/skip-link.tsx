import styles from "./layout.module.css";

export const MAIN_ID = "main";

export function SkipLink() {
  return (
    <a href={`#${MAIN_ID}`} className={styles.skipLink}>
      Skip to content
    </a>
  );
}
