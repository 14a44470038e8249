"use client";
// The visitor's language, read in the browser so that pages stay static (one cached HTML for
// everyone, served without rendering): the server renders English, and Chinese visitors get
// upstream's label_zh on account forms as soon as the page hydrates.
import { useSyncExternalStore } from "react";
import { pickLanguage, type Language } from "./pick-language";

const subscribe = (onChange: () => void) => {
  window.addEventListener("languagechange", onChange);
  return () => window.removeEventListener("languagechange", onChange);
};

export function useVisitorLanguage(): Language {
  return useSyncExternalStore(
    subscribe,
    () => pickLanguage(navigator.languages.join(",")),
    () => "en",
  );
}
