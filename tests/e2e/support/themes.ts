// The looks an accessibility check walks for each page: theme and language. A theme changes
// colours only, a language words only, and neither depends on the screen, which changes the
// layout. So the desktop checks each page in both languages in the light theme and in the dark
// theme in one of them, and the phone checks its layout once per page, in the light theme; the
// one language alternates from page to page, so that each is seen in every role across a walk
// (docs/architecture-decisions.md 241).
import { test } from "@playwright/test";

export type Theme = "light" | "dark";
export type Language = "en" | "zh";
export interface Look {
  theme: Theme;
  language: Language;
}

/** The language a page's single look is in, alternating along a walk. */
function alternate(index: number): Language {
  return index % 2 === 0 ? "en" : "zh";
}

/** The looks to check the `index`-th page of a walk in, on this screen. */
export function looksFor(index: number, screen: "desktop" | "phone"): Look[] {
  if (screen === "phone") return [{ theme: "light", language: alternate(index + 1) }];
  return [
    { theme: "light", language: "en" },
    { theme: "light", language: "zh" },
    { theme: "dark", language: alternate(index) },
  ];
}

/** The looks for the `index`-th page of a walk, on the screen of the running test's project. */
export function looksToCheck(index: number): Look[] {
  return looksFor(index, test.info().project.name === "phone" ? "phone" : "desktop");
}
