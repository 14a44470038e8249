// One built function of `.vercel/output/functions`, run as the host runs it: its own Node
// process, started in the function's folder, its handler (`.vc-config.json`, "handler") loaded
// with require and called as (req, res) for each request, the way the host's Node launcher
// calls a "Nodejs" launcher type. The host's request context is the global
// Symbol.for("@vercel/request-context") whose get() gives waitUntil: Next's launcher hands it to
// the route, and after() schedules its work through it. Here the process outlives every request,
// so waitUntil only has to keep what it is given from failing unseen.
//
// Usage: node function-runner.mjs <function dir> <port>. Prints "listening" when it answers.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";

const [funcDir, port] = process.argv.slice(2);
if (!funcDir || !port) {
  console.error("usage: node function-runner.mjs <function dir> <port>");
  process.exit(2);
}

const config = JSON.parse(readFileSync(join(funcDir, ".vc-config.json"), "utf8"));
if (config.launcherType !== "Nodejs") {
  console.error(`${funcDir}: launcher type ${config.launcherType} is not emulated (only Nodejs)`);
  process.exit(2);
}
Object.assign(process.env, config.environment ?? {});
process.chdir(funcDir);

const pending = new Set();
Object.defineProperty(globalThis, Symbol.for("@vercel/request-context"), {
  enumerable: false,
  configurable: true,
  value: {
    get: () => ({
      waitUntil(promise) {
        const tracked = Promise.resolve(promise).catch((error) => console.error("[function] waitUntil rejected:", error));
        pending.add(tracked);
        void tracked.finally(() => pending.delete(tracked));
      },
    }),
  },
});

// The launcher is CommonJS, loaded as the host loads it.
const handler = createRequire(join(funcDir, "index.js"))(join(funcDir, config.handler));

/** A handler of the Web API kind (`useWebApi`, as the proxy's is) takes a Request and answers a Response. */
async function callWebHandler(req, res) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = chunks.length > 0 && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) headers.append(name, one);
  }
  const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url}`, { method: req.method, headers, body });
  const response = await (handler.default ?? handler)(request);
  const out = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    out[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) out["set-cookie"] = cookies;
  res.writeHead(response.status, out);
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

const server = createServer((req, res) => {
  const answer = config.useWebApi ? callWebHandler(req, res) : handler(req, res);
  Promise.resolve(answer).catch((error) => {
    // The host answers 500 when the function throws; so does this.
    console.error(`[function] ${req.method} ${req.url} threw:`, error);
    if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
    res.end("FUNCTION_INVOCATION_FAILED");
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(port), "127.0.0.1", () => console.log("listening"));
process.on("SIGTERM", () => {
  server.close();
  void Promise.allSettled([...pending]).then(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
});
