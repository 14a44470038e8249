// Where a fresh function process spends its time before its first answer, from a
// `node --cpu-prof` profile of it (bench/host-functions.ts, BENCH_HOST_PROFILE): each sample up
// to the answer goes to the module whose evaluation it is in (the bundler's module factory, or
// a package's file as Node loads it), or, when it is in no evaluation, to the file it runs in
// (the request's own work: zod compiling a parser, Intl, Next handling the request). Chunk
// frames are mapped to our sources through the build's source maps. Sampled time is inflated by
// the profiler: compare splits made the same way rather than read them as wall time.
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CpuProfile, ProfileNode } from "./profile-split";

export interface ColdStartSplit {
  /** All sampled ms up to the answer. */
  totalMs: number;
  /** ms evaluating each module, not counting the modules it loads in turn. */
  evaluation: Map<string, number>;
  /** ms evaluating each module and everything it loads. */
  evaluationWithImports: Map<string, number>;
  /** ms outside any module's evaluation, by the file the sample ran in. */
  running: Map<string, number>;
}

/** A deployed function's files are the project's: its chunks' source maps are in the project's `.next`. */
export function coldStartSplit(profileFile: string, projectRoot: string, untilUs = Number.POSITIVE_INFINITY): ColdStartSplit {
  const profile = JSON.parse(readFileSync(profileFile, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const where = sourceOf(projectRoot);

  const self = new Map<number, number>();
  let at = profile.startTime;
  let totalUs = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (at > untilUs) return;
    self.set(id, (self.get(id) ?? 0) + us);
    totalUs += us;
  });

  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us / 1000);
  const split: ColdStartSplit = { totalMs: totalUs / 1000, evaluation: new Map(), evaluationWithImports: new Map(), running: new Map() };
  for (const [id, us] of self) {
    const modules: string[] = [];
    let leafFile: string | undefined;
    for (let nodeId: number | undefined = id; nodeId !== undefined; nodeId = parent.get(nodeId)) {
      const node = byId.get(nodeId)!;
      const file = where(node);
      leafFile ??= file ?? undefined;
      const caller = byId.get(parent.get(nodeId) ?? -1)?.callFrame.functionName;
      if (caller === "instantiateModule" && file) modules.push(file);
      else if (isCommonJsTop(node, caller)) modules.push(loadOf(node));
    }
    const leaf = byId.get(id)!.callFrame.functionName;
    if (modules[0]) add(split.evaluation, modules[0], us);
    else add(split.running, leaf.startsWith("(") ? leaf : (leafFile ?? "node internals"), us);
    for (const loaded of new Set(modules)) add(split.evaluationWithImports, loaded, us);
  }
  return split;
}

/**
 * A CommonJS file's top level as Node's loader runs it: a package's file, or a chunk of the
 * bundle (whose top level only lists its module factories: the modules' own evaluation is in
 * the factories the runtime's instantiateModule calls).
 */
function isCommonJsTop(node: ProfileNode, caller: string | undefined): boolean {
  return node.callFrame.functionName === "" && node.callFrame.lineNumber === 0 && caller === "Module._compile";
}

/** A chunk or package file by its path in the function, unmapped: what loading it cost. */
function loadOf(node: ProfileNode): string {
  const url = node.callFrame.url;
  const path = url.startsWith("file:") ? fileURLToPath(url) : url;
  const inFunction = path.replace(/^.*\/fn-\d+\//, "");
  return inFunction.startsWith(".next/") ? `(load) ${inFunction}` : inFunction;
}

/** The source file a frame runs in, project-relative, through the chunk's source map; null for Node's own. */
function sourceOf(projectRoot: string): (node: ProfileNode) => string | null {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (path: string) => {
    if (!maps.has(path)) {
      const inProject = /\/fn-\d+\/(.*)$/.exec(path)?.[1];
      const mapFile = inProject ? join(projectRoot, `${inProject}.map`) : `${path}.map`;
      maps.set(path, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, "utf8")) as never) : null);
    }
    return maps.get(path);
  };
  return ({ callFrame }) => {
    if (!callFrame.url || callFrame.url.startsWith("node:")) return null;
    const path = callFrame.url.startsWith("file:") ? fileURLToPath(callFrame.url) : callFrame.url;
    const entry = firstEntryFrom(mapOf(path), callFrame.lineNumber, callFrame.columnNumber);
    const file = entry?.originalSource ?? path;
    return file
      .replace(/^turbopack:\/\/\/\[project\]\//, "")
      .replace(/^.*\/fn-\d+\//, "")
      .replace(/^(\.\.\/)+/, "");
  };
}

/**
 * The mapping of the first mapped code at or after a function's start: a minified chunk's
 * module factory begins unmapped, and the mapping just before it is the previous module's.
 */
function firstEntryFrom(map: SourceMap | null | undefined, line: number, column: number): { originalSource: string } | null {
  if (!map) return null;
  for (let at = column; at < column + 2_000; at += 8) {
    const entry = map.findEntry(line, at);
    if ("generatedColumn" in entry && entry.generatedLine === line && entry.generatedColumn >= column) return entry;
  }
  return null;
}

/** The split's largest parts, ms each. */
export function printColdStartSplit(split: ColdStartSplit, top = 25): void {
  const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${name}`)
      .join("\n");
  console.log(`  sampled ${split.totalMs.toFixed(0)} ms: evaluating modules ${sum(split.evaluation).toFixed(0)} ms, the rest ${sum(split.running).toFixed(0)} ms`);
  console.log(`  evaluation by module, its own (top ${top}):\n${rows(split.evaluation)}`);
  console.log(`  evaluation by module, with what it imports (top ${top}):\n${rows(split.evaluationWithImports)}`);
  console.log(`  outside any evaluation, by file (top ${top}):\n${rows(split.running)}`);
}
