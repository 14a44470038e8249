import type { ReactNode } from "react";
import styles from "./admin.module.css";

/**
 * The box a table wider than the screen scrolls in (on a phone, most of them). It takes keyboard
 * focus, so a keyboard user can scroll it as a finger can: a table of plain text has nothing
 * else focusable inside.
 */
export function TableScroll({ children }: { children: ReactNode }) {
  return (
    <div className={styles.tableWrap} tabIndex={0}>
      {children}
    </div>
  );
}
