// The app's routes, read from its files (app/**/page.tsx and route.ts), so that a test walking
// every route covers a new one without being told. Private folders (_x) are not routes and
// route groups ((x)) add no segment.
import { readdirSync } from "node:fs";
import { join } from "node:path";

export type RouteSegment = { kind: "static"; name: string } | { kind: "dynamic"; catchAll: boolean };

export interface AppRoute {
  /** The route as Next prints it, e.g. /products/[id]/[slug]. */
  pattern: string;
  segments: RouteSegment[];
  /** A route handler (route.ts) accepts any method; a page only GET and HEAD. */
  handler: boolean;
}

export function appRoutes(appDir: string): AppRoute[] {
  const routes: AppRoute[] = [];
  const walk = (dir: string, names: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!entry.name.startsWith("_")) walk(join(dir, entry.name), [...names, entry.name]);
      } else if (/^(page|route)\.(tsx?|jsx?)$/.test(entry.name)) {
        const segments = names.filter((name) => !/^\(.*\)$/.test(name)).map(toSegment);
        routes.push({ pattern: `/${names.join("/")}`, segments, handler: entry.name.startsWith("route.") });
      }
    }
  };
  walk(appDir, []);
  return routes;
}

function toSegment(name: string): RouteSegment {
  const dynamic = /^\[(\[)?(\.\.\.)?[^\]]+\]\]?$/.exec(name);
  return dynamic ? { kind: "dynamic", catchAll: Boolean(dynamic[2]) } : { kind: "static", name };
}

/** A concrete path for a route, with every dynamic segment replaced by `value`. */
export function routePath(route: AppRoute, value: (catchAll: boolean) => string): string {
  return `/${route.segments.map((s) => (s.kind === "static" ? s.name : value(s.catchAll))).join("/")}`;
}
