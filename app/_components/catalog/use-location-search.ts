"use client";
// The page's query string as React state, without useSearchParams: that hook would make the
// static catalogue render its cards only in the browser. The server renders the unfiltered
// list; a shared link's filters apply as soon as the page hydrates.
import { useCallback, useSyncExternalStore } from "react";

const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener("popstate", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("popstate", onChange);
  };
}

export function useLocationSearch(): [URLSearchParams, (query: string) => void] {
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => "",
  );
  const replace = useCallback((query: string) => {
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${query}`);
    for (const listener of listeners) listener();
  }, []);
  return [new URLSearchParams(search), replace];
}
