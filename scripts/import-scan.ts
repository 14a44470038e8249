// The import scan behind the layering rules (lib/shop/layering.test.ts) and
// `npx tsx scripts/folder-graph.ts`: which module imports which, read from the source text.
// Every import form counts: static, re-export and dynamic import(). Tests are left out.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

export function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** Each module a file imports, as a path from the repository root. */
export function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g)].map((match) => match[1] ?? "");
  return specifiers.map((specifier) =>
    specifier.startsWith("@/") ? specifier.slice(2) : specifier.startsWith(".") ? relative(ROOT, resolve(ROOT, dirname(file), specifier)) : specifier,
  );
}

export function crossings(fromDirs: string[], toDirs: string[]): string[] {
  return fromDirs.flatMap((dir) =>
    sourceFiles(dir).flatMap((file) =>
      importsOf(file)
        .filter((target) => toDirs.some((to) => target === to || target.startsWith(`${to}/`)))
        .map((target) => `${file} imports ${target}`),
    ),
  );
}

/** The top-level folder of lib/ a path lies in ("lib/catalog/x.ts" → "catalog"), or null. */
export function libFolder(path: string): string | null {
  return /^lib\/([^/.]+)\//.exec(path)?.[1] ?? null;
}

/** Pairs of lib/ folders that import each other, each as "a ⇄ b" with a < b. */
export function foldersImportingEachOther(): string[] {
  const edges = new Set<string>();
  for (const file of sourceFiles("lib")) {
    const from = libFolder(file);
    for (const target of importsOf(file)) {
      const to = libFolder(target);
      if (from && to && from !== to) edges.add(`${from}→${to}`);
    }
  }
  return [...edges]
    .map((edge) => edge.split("→") as [string, string])
    .filter(([a, b]) => a < b && edges.has(`${b}→${a}`))
    .map(([a, b]) => `${a} ⇄ ${b}`)
    .sort();
}

