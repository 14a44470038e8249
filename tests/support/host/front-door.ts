// A small front door for `.vercel/output`: it routes each request as `config.json` says and
// hands it to the static file or the built function the routes arrive at, each function its own
// process (function-pool.ts). The routes are taken in their phases, as the host takes them:
//   the routes before the first `handle` (redirects, headers, the proxy as `middlewarePath`,
//   RSC rewrites) → `filesystem` (a static file or a function at the path is served) → `miss`
//   and `rewrite` (dynamic routes: `dest` with the params in its query, `check` that something
//   is there) → `error` (the 404 page).
// A route's `src` and `has` groups fill `$1` / `$name` in its `dest` and `headers`; `continue`
// goes on to the next route; `status` with a Location redirects; `transforms` add request headers.
// The proxy (middleware) answers with `x-middleware-next`, `x-middleware-rewrite` and
// `x-middleware-request-*` headers, applied as the host applies them, or with its own response.
// A function is called with the host's request headers: `x-matched-path` (the function's path,
// which Next's launcher matches to a page), `x-forwarded-*`, `x-real-ip`, `x-vercel-id`.
//
// Not emulated (docs/serverless-host.md): the platform's ISR cache and its on-demand
// revalidation (every request to an ISR page goes to its function, as a miss does), image
// optimisation, edge functions, cron invocations (a test calls the cron route itself).
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join } from "node:path";
import type { FunctionPool } from "./function-pool";
import type { OutputFunction, OutputRoute, RouteCondition, VercelOutput } from "./vercel-output";

export interface FrontDoor {
  url: string;
  /** Requests answered, by what served them ("static", a function's path, "middleware"). */
  served(): Map<string, number>;
  close(): Promise<void>;
}

type Headers = Record<string, string>;

interface Routed {
  path: string;
  query: URLSearchParams;
  requestHeaders: Headers;
  responseHeaders: Headers;
  status?: number;
}

type Target = { kind: "static"; file: string } | { kind: "function"; fn: OutputFunction };

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".rsc": "text/x-component",
};

/** Response headers of the proxy that are instructions to the front door, never sent on. */
const MIDDLEWARE_INTERNAL = /^x-middleware-/;
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length"]);

export async function startFrontDoor(output: VercelOutput, pool: FunctionPool, options: { port?: number } = {}): Promise<FrontDoor> {
  const phases = splitPhases(output.routes);
  const served = new Map<string, number>();
  const count = (what: string) => served.set(what, (served.get(what) ?? 0) + 1);
  const overrides = readOverrides(output.root);

  function find(path: string): Target | null {
    const decoded = safeDecode(path);
    const fn = output.functions.get(decoded) ?? (decoded === "/" ? output.functions.get("/index") : undefined);
    if (fn) return { kind: "function", fn };
    const file = output.staticFile(overrides.get(decoded.replace(/^\//, "")) ?? decoded);
    return file ? { kind: "static", file } : null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const url = new URL(req.url ?? "/", "http://front-door");
    const state: Routed = { path: url.pathname, query: url.searchParams, requestHeaders: flatten(req.headers), responseHeaders: {} };

    // The routes before `filesystem`: headers, redirects, the proxy, the RSC rewrites.
    for (const route of phases.main) {
      const vars = matches(route, state);
      if (!vars) continue;
      if (route.middlewarePath) {
        const outcome = await runMiddleware(route.middlewarePath, state, req, body);
        if (outcome) return send(res, outcome.status, { ...state.responseHeaders, ...outcome.headers }, outcome.body);
        continue;
      }
      applyRoute(route, vars, state);
      const location = state.responseHeaders.Location ?? state.responseHeaders.location;
      if (state.status && state.status >= 300 && state.status < 400 && location) return send(res, state.status, state.responseHeaders, Buffer.alloc(0));
      if (!(route.continue)) break;
    }

    let target: Target | null = null;
    for (const route of phases.filesystem) {
      const vars = matches(route, state);
      if (!vars) continue;
      const before = state.path;
      applyRoute(route, vars, state);
      if (route.check && !find(state.path)) state.path = before;
      else if (!(route.continue)) break;
    }
    target = find(state.path);
    for (const phase of [phases.miss, phases.rewrite]) {
      if (target) break;
      for (const route of phase) {
        const vars = matches(route, state);
        if (!vars) continue;
        const saved = { ...state, query: new URLSearchParams(state.query), responseHeaders: { ...state.responseHeaders } };
        applyRoute(route, vars, state);
        const found = find(state.path);
        if (found) {
          target = found;
          break;
        }
        if (route.check) Object.assign(state, saved);
        else if (!(route.continue)) break;
      }
    }
    if (!target) {
      // The error phase: the 404 page, as the host serves it.
      state.status = 404;
      for (const route of phases.error) {
        const vars = matches(route, state);
        if (!vars || route.status !== 404) continue;
        applyRoute(route, vars, state);
        break;
      }
      target = find(state.path) ?? null;
      if (!target) return send(res, 404, state.responseHeaders, Buffer.from("NOT_FOUND"));
    }

    if (target.kind === "static") {
      count("static");
      const type = CONTENT_TYPES[extname(target.file)] ?? "application/octet-stream";
      return send(res, state.status ?? 200, { "content-type": type, ...state.responseHeaders }, readFileSync(target.file));
    }
    count(target.fn.path);
    await callFunction(target.fn, state, req, body, res);
  }

  async function runMiddleware(middlewarePath: string, state: Routed, req: IncomingMessage, body: Buffer) {
    const fn = output.functions.get(middlewarePath);
    if (!fn) throw new Error(`config.json names a middleware at ${middlewarePath} and there is no such function`);
    count("middleware");
    const running = await pool.get(fn);
    const answer = await forward(running.url, req.method ?? "GET", pathWithQuery(state), platformHeaders(state, fn, req), body);
    running.firstAnswer();
    const headers = answer.headers;
    const overridden = headers["x-middleware-override-headers"];
    if (typeof overridden === "string") {
      for (const name of overridden.split(",").filter(Boolean)) {
        const value = headers[`x-middleware-request-${name}`];
        if (value === undefined) delete state.requestHeaders[name];
        else state.requestHeaders[name] = String(value);
      }
    }
    const passOn: Headers = {};
    for (const [name, value] of Object.entries(headers)) {
      if (MIDDLEWARE_INTERNAL.test(name) || HOP_BY_HOP.has(name) || value === undefined) continue;
      passOn[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    const rewrite = headers["x-middleware-rewrite"];
    if (typeof rewrite === "string") {
      const to = new URL(rewrite, "http://front-door");
      state.path = to.pathname;
      to.searchParams.forEach((value, key) => state.query.set(key, value));
      Object.assign(state.responseHeaders, withoutBodyHeaders(passOn));
      return null;
    }
    if (headers["x-middleware-next"]) {
      Object.assign(state.responseHeaders, withoutBodyHeaders(passOn));
      return null;
    }
    // The proxy answered itself (a redirect, a refusal).
    return { status: answer.status, headers: passOn, body: answer.body };
  }

  async function callFunction(fn: OutputFunction, state: Routed, req: IncomingMessage, body: Buffer, res: ServerResponse): Promise<void> {
    const running = await pool.get(fn);
    const answer = await forward(running.url, req.method ?? "GET", pathWithQuery(state), platformHeaders(state, fn, req), body);
    running.firstAnswer();
    const headers: Headers = { ...state.responseHeaders };
    for (const [name, value] of Object.entries(answer.headers)) {
      if (HOP_BY_HOP.has(name) || value === undefined || name === "set-cookie") continue;
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    const cookies = answer.headers["set-cookie"];
    send(res, state.status && answer.status === 200 ? state.status : answer.status, headers, answer.body, cookies);
  }

  function platformHeaders(state: Routed, fn: OutputFunction, req: IncomingMessage): Headers {
    return {
      ...state.requestHeaders,
      host: req.headers.host ?? "localhost",
      "x-matched-path": fn.path,
      "x-forwarded-host": req.headers.host ?? "localhost",
      "x-forwarded-proto": "http",
      "x-forwarded-for": "127.0.0.1",
      "x-real-ip": "127.0.0.1",
      "x-vercel-id": `local::${randomUUID()}`,
    };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      handle(req, res, Buffer.concat(chunks)).catch((error: unknown) => {
        console.error(`[front-door] ${req.method} ${req.url}: ${String(error)}`);
        if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
        res.end("front door: the function did not answer");
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served: () => served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function splitPhases(routes: OutputRoute[]) {
  const phases: Record<"main" | "filesystem" | "resource" | "miss" | "rewrite" | "hit" | "error", OutputRoute[]> = {
    main: [],
    filesystem: [],
    resource: [],
    miss: [],
    rewrite: [],
    hit: [],
    error: [],
  };
  let current: keyof typeof phases = "main";
  for (const route of routes) {
    if (route.handle) {
      current = route.handle as keyof typeof phases;
      phases[current] ??= [];
      continue;
    }
    phases[current].push(route);
  }
  return phases;
}

/** The route's variables ($1, $name) if it matches the request as it stands, else null. */
function matches(route: OutputRoute, state: Routed): Record<string, string> | null {
  if (route.src === undefined) return null;
  const match = new RegExp(route.src).exec(state.path);
  if (!match) return null;
  const vars: Record<string, string> = { ...(match.groups ?? {}) };
  match.forEach((value, index) => (vars[String(index)] = value ?? ""));
  for (const condition of route.has ?? []) {
    const found = conditionValue(condition, state);
    if (found === undefined) return null;
    if (condition.value !== undefined) {
      const valueMatch = new RegExp(`^(?:${condition.value})$`).exec(found);
      if (!valueMatch) return null;
      Object.assign(vars, valueMatch.groups ?? {});
    }
  }
  for (const condition of route.missing ?? []) {
    const found = conditionValue(condition, state);
    if (found !== undefined && (condition.value === undefined || new RegExp(`^(?:${condition.value})$`).test(found))) return null;
  }
  return vars;
}

function conditionValue(condition: RouteCondition, state: Routed): string | undefined {
  const key = condition.key?.toLowerCase() ?? "";
  switch (condition.type) {
    case "header":
      return state.requestHeaders[key];
    case "cookie":
      return parseCookies(state.requestHeaders.cookie ?? "")[condition.key ?? ""];
    case "host":
      return (state.requestHeaders.host ?? "").split(":")[0];
    case "query":
      return state.query.get(condition.key ?? "") ?? undefined;
  }
}

function applyRoute(route: OutputRoute, vars: Record<string, string>, state: Routed): void {
  if (route.headers) {
    for (const [name, value] of Object.entries(route.headers)) state.responseHeaders[name] = fill(value, vars);
  }
  for (const transform of route.transforms ?? []) {
    if (transform.type === "request.headers" && (transform.op === "append" || transform.op === "set")) {
      state.requestHeaders[transform.target.key.toLowerCase()] = transform.args;
    }
  }
  if (route.status) state.status = route.status;
  if (route.dest) {
    const dest = new URL(fill(route.dest, vars), "http://front-door");
    state.path = dest.pathname.replace(/%5B/g, "[").replace(/%5D/g, "]");
    dest.searchParams.forEach((value, key) => state.query.set(key, value));
  }
}

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\$([A-Za-z_][A-Za-z0-9_]*|\d+)/g, (whole, name: string) => vars[name] ?? "");
}

function pathWithQuery(state: Routed): string {
  const query = state.query.toString();
  return `${encodeURI(state.path).replace(/%5B/g, "[").replace(/%5D/g, "]")}${query ? `?${query}` : ""}`;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function forward(base: string, method: string, path: string, headers: Headers, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(base);
    const request = httpRequest(
      { host: target.hostname, port: target.port, method, path, headers: { ...headers, "content-length": String(body.length) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

function send(res: ServerResponse, status: number, headers: Headers, body: Buffer, cookies?: string[]): void {
  const out: Record<string, string | string[]> = { ...headers, "content-length": String(body.length) };
  if (cookies && cookies.length > 0) out["set-cookie"] = cookies;
  res.writeHead(status, out);
  res.end(body);
}

function flatten(headers: IncomingHttpHeaders): Headers {
  const flat: Headers = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  return flat;
}

function withoutBodyHeaders(headers: Headers): Headers {
  const rest = { ...headers };
  delete rest["content-type"];
  delete rest["content-encoding"];
  return rest;
}

function parseCookies(header: string): Record<string, string> {
  return Object.fromEntries(
    header
      .split(";")
      .map((part) => part.trim().split("="))
      .filter((pair): pair is [string, string] => pair.length >= 2 && Boolean(pair[0]))
      .map(([name, ...value]) => [name, value.join("=")]),
  );
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** config.json's `overrides`: a static file served under another path (404.html as /404). */
function readOverrides(root: string): Map<string, string> {
  const config = JSON.parse(readFileSync(join(root, "config.json"), "utf8")) as { overrides?: Record<string, { path?: string }> };
  const map = new Map<string, string>();
  for (const [file, override] of Object.entries(config.overrides ?? {})) if (override.path) map.set(override.path, `/${file}`);
  return map;
}
