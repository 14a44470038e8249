"use client";
import { useClientWords } from "../i18n/client-words";
import { useEffect } from "react";
import { THEME_COOKIE, type Theme } from "./theme";
import styles from "./layout.module.css";

const YEAR_SECONDS = 60 * 60 * 24 * 365;

function currentTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === "light" || chosen === "dark") return chosen;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Flips the theme; which icon shows is left to CSS, so server and client render the same. */
export function ThemeToggle() {
  const t = useClientWords("layout");
  // A document React renders in the browser (Next's 404 for an unknown product is such a shell:
  // vercel/next.js#97000) never runs the pre-paint script, so the chosen theme is applied here.
  useEffect(() => {
    if (document.documentElement.dataset.theme) return;
    const chosen = new RegExp(`(?:^|; )${THEME_COOKIE}=(light|dark)(?:;|$)`).exec(document.cookie)?.[1];
    if (chosen) document.documentElement.dataset.theme = chosen;
  }, []);

  function toggle() {
    const next: Theme = currentTheme() === "dark" ? "light" : "dark";
    document.documentElement.dataset.theme = next;
    document.cookie = `${THEME_COOKIE}=${next}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  }

  return (
    <button type="button" className={styles.themeToggle} onClick={toggle} aria-label={t("theme")}>
      <svg className={styles.moon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5Z" fill="currentColor" />
      </svg>
      <svg className={styles.sun} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="12" r="4.5" fill="currentColor" />
        <path
          d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}
