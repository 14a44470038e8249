// What `vercel build` wrote to `.vercel/output` (the host's Build Output API, version 3), read as
// the host reads it: `config.json`'s routes, the static files under `static/`, and a function
// per `<path>.func` folder under `functions/` (its `.vc-config.json` says how to start it) with,
// beside an ISR page's function, `<path>.prerender-config.json`.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { z } from "zod";

const conditionSchema = z.object({ type: z.enum(["header", "cookie", "host", "query"]), key: z.string().optional(), value: z.string().optional() });
export type RouteCondition = z.infer<typeof conditionSchema>;

/** One entry of `routes`: a phase marker (`handle`) or a route; fields the front door does not use pass through. */
const routeSchema = z
  .object({
    handle: z.string().optional(),
    src: z.string().optional(),
    dest: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    status: z.number().optional(),
    continue: z.boolean().optional(),
    check: z.boolean().optional(),
    has: z.array(conditionSchema).optional(),
    missing: z.array(conditionSchema).optional(),
    middlewarePath: z.string().optional(),
    transforms: z
      .array(z.object({ type: z.string(), op: z.string(), target: z.object({ key: z.string() }), args: z.string() }))
      .optional(),
  })
  .loose();
export type OutputRoute = z.infer<typeof routeSchema>;

const configSchema = z.object({ version: z.literal(3), routes: z.array(routeSchema) }).loose();

const vcConfigSchema = z
  .object({
    runtime: z.string(),
    handler: z.string(),
    launcherType: z.string().optional(),
    maxDuration: z.number().optional(),
    environment: z.record(z.string(), z.string()).optional(),
  })
  .loose();
export type FunctionConfig = z.infer<typeof vcConfigSchema>;

export interface OutputFunction {
  /** The request path it serves, e.g. "/api/checkout" or "/[locale]/products/[id]". */
  path: string;
  /** Its folder, symbolic links resolved: functions that share one are one deployment of it. */
  dir: string;
  config: FunctionConfig;
  /** Present when the host keeps this path's answers in its ISR cache. */
  prerender: Record<string, unknown> | null;
}

export interface VercelOutput {
  root: string;
  routes: OutputRoute[];
  functions: Map<string, OutputFunction>;
  /** The file `static/` holds for a request path, if any. */
  staticFile(path: string): string | null;
}

export function readVercelOutput(root: string): VercelOutput {
  const config = configSchema.parse(JSON.parse(readFileSync(join(root, "config.json"), "utf8")));
  const functions = new Map<string, OutputFunction>();
  const functionsDir = join(root, "functions");
  for (const funcDir of findFuncDirs(functionsDir)) {
    const name = relative(functionsDir, funcDir).replace(/\.func$/, "");
    const path = name === "index" ? "/" : `/${name}`;
    const dir = realpathSync(funcDir);
    const prerenderFile = `${funcDir.replace(/\.func$/, "")}.prerender-config.json`;
    functions.set(path, {
      path,
      dir,
      config: vcConfigSchema.parse(JSON.parse(readFileSync(join(dir, ".vc-config.json"), "utf8"))),
      prerender: existsSync(prerenderFile) ? (JSON.parse(readFileSync(prerenderFile, "utf8")) as Record<string, unknown>) : null,
    });
  }
  const staticDir = join(root, "static");
  return {
    root,
    routes: config.routes,
    functions,
    staticFile(path) {
      const file = join(staticDir, decodeURIComponent(path));
      if (!file.startsWith(staticDir + "/")) return null;
      return existsSync(file) && statSync(file).isFile() ? file : null;
    },
  };
}

/** Every `*.func` folder (a symbolic link to another counts: the host deploys it under its own path). */
function findFuncDirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    const isDir = entry.isDirectory() || (entry.isSymbolicLink() && statSync(full).isDirectory());
    if (!isDir) continue;
    if (entry.name.endsWith(".func")) found.push(full);
    else found.push(...findFuncDirs(full));
  }
  return found;
}

/** Sizes of the function folders as the host counts its limit: every file, unzipped, links followed. */
export function unzippedSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    const stat = statSync(full);
    total += stat.isDirectory() ? unzippedSize(full) : stat.size;
  }
  return total;
}
