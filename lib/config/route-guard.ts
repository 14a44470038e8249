// What proxy.ts decides for a path, kept apart from Next's request types so it can be tested.
import type { ShopMode } from "./shop-mode";

/** Prefixes mounted only in a demo shop: the embedded Partner API and payments sandboxes. */
export const DEMO_ONLY_PREFIXES = ["/sandbox", "/payments-sandbox"];
/** The internal segment pages are rendered under (app/by-upstream/[upstream]). */
export const UPSTREAM_SEGMENT = "/by-upstream";

export type RouteDecision = { kind: "not-found" } | { kind: "rewrite"; path: string } | { kind: "pass" };

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Next answers 500 for a malformed escape in a dynamic segment (vercel/next.js#92527). */
function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * `search` is the query string ("" or "?…"). The plain catalogue "/" is a static page; "/"
 * with a query (an older shared link) and "/search" render the search on the server, so a
 * shared search shows its results in the first HTML, also without scripts.
 */
export function routeDecision(path: string, mode: ShopMode, upstream: string, search = ""): RouteDecision {
  if (!decodable(path)) return { kind: "not-found" };
  if (mode === "live" && DEMO_ONLY_PREFIXES.some((prefix) => under(path, prefix))) return { kind: "not-found" };
  if (path === "/search" || (path === "/" && search.length > 1)) return { kind: "rewrite", path: `${UPSTREAM_SEGMENT}/${upstream}/search` };
  if (path === "/") return { kind: "rewrite", path: `${UPSTREAM_SEGMENT}/${upstream}` };
  if (under(path, "/products")) return { kind: "rewrite", path: `${UPSTREAM_SEGMENT}/${upstream}${path}` };
  return { kind: "pass" };
}
