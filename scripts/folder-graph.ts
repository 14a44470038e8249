// npx tsx scripts/folder-graph.ts – which lib/ folder imports which (with the number of files
// doing so), then the pairs that import each other, which the layering rules forbid.
import { foldersImportingEachOther, importsOf, libFolder, sourceFiles } from "./import-scan";

const edges = new Map<string, number>();
for (const file of sourceFiles("lib")) {
  const from = libFolder(file);
  const targets = new Set(importsOf(file).map(libFolder).filter((to): to is string => to !== null && to !== from));
  for (const to of targets) if (from) edges.set(`${from} → ${to}`, (edges.get(`${from} → ${to}`) ?? 0) + 1);
}
for (const [edge, files] of [...edges].sort()) console.log(`${edge} (${files})`);
const pairs = foldersImportingEachOther();
console.log(`\nfolders that import each other: ${pairs.length}`);
for (const pair of pairs) console.log(`  ${pair}`);
