"use client";
// The page's query string as React state, without useSearchParams: that hook would make the
// static catalogue render its cards only in the browser. The server renders the search it was
// asked for (none on "/", the URL's on "/search"), so hydration starts from the same list and
// nothing moves. Typing updates the URL in place: "/search?…" while something is filtered, "/"
// when nothing is (under /zh in Chinese), so every state of the page is a link that renders the same on the server.
import { useCallback, useSyncExternalStore } from "react";
import { localePath } from "@/lib/i18n/locale-path";
import { useClientLocale } from "../i18n/client-words";

const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener("popstate", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("popstate", onChange);
  };
}

export function useLocationSearch(serverSearch: string): [URLSearchParams, (query: string) => void] {
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => serverSearch,
  );
  const locale = useClientLocale();
  const replace = useCallback(
    (query: string) => {
      window.history.replaceState(window.history.state, "", localePath(locale, query ? `/search${query}` : "/"));
      for (const listener of listeners) listener();
    },
    [locale],
  );
  return [new URLSearchParams(search), replace];
}
