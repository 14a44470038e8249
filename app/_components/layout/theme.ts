// The theme follows prefers-color-scheme until the visitor picks one; the choice lives in a
// cookie that a pre-paint script applies (theme-script.tsx).
export const THEME_COOKIE = "theme";
export type Theme = "light" | "dark";
