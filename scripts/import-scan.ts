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
  return specifiers.map((specifier) => fromRoot(file, specifier));
}

/**
 * The modules a file loads as it is evaluated: static imports and re-exports of values, not
 * `import type` (erased) nor `import()` (loaded when it runs).
 */
export function eagerImportsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const statements = /^\s*(?:import|export)\s+(?!type\b)(?:[^;'"]*?\bfrom\s*)?["']([^"']+)["']/gm;
  return [...text.matchAll(statements)].map((match) => match[1] ?? "").map((specifier) => fromRoot(file, specifier));
}

/** Every module evaluated with `entry`: our files by path, packages and JSON by what was imported. */
export function loadedWith(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (module: string) => {
    const file = sourceFile(module);
    const key = file ?? module;
    if (seen.has(key)) return;
    seen.add(key);
    if (file) for (const target of eagerImportsOf(file)) visit(target);
  };
  visit(entry);
  return seen;
}

/** The source file an import path names, or null for a package or a data file. */
function sourceFile(module: string): string | null {
  if (/\.tsx?$/.test(module)) return module;
  for (const candidate of [`${module}.ts`, `${module}.tsx`, `${module}/index.ts`]) {
    try {
      readFileSync(join(ROOT, candidate));
      return candidate;
    } catch {
      // Not this one.
    }
  }
  return null;
}

function fromRoot(file: string, specifier: string): string {
  return specifier.startsWith("@/") ? specifier.slice(2) : specifier.startsWith(".") ? relative(ROOT, resolve(ROOT, dirname(file), specifier)) : specifier;
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

