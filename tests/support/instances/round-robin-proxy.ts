// A tiny load balancer for tests: every request goes to the next backend in turn, as two
// `next start` behind a round-robin balancer would see it. A backend that refuses the
// connection (nothing listens: a killed instance) is skipped, as a balancer's health check
// would; a backend that dies with the request in hand answers 502, since the request may
// have taken effect and only its sender may decide to repeat it.
import { request as httpRequest, createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RoundRobinProxy {
  url: string;
  /** Requests each backend answered (any status), by backend URL and route ("/api/webhooks/stripe"). */
  served(): Record<string, Record<string, number>>;
  /** Paths of the requests a backend has in hand right now. */
  inFlight(backend: string): string[];
  /**
   * Send requests whose path starts with `pathPrefix` to `backend` first (affinity, or the luck
   * of the draw), falling back to the turn when it refuses; null ends it.
   */
  pin(pathPrefix: string, backend: string | null): void;
  /** Requests that failed in a backend's hands (the connection broke after it was sent). */
  broken(): number;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: () => readonly string[]): Promise<RoundRobinProxy> {
  const served: Record<string, Record<string, number>> = {};
  const inHand = new Map<string, Set<{ path: string }>>();
  let broken = 0;
  let turn = 0;
  const pins = new Map<string, string>();

  const server = createServer((req, res) => {
    readBody(req).then(
      (body) => forward(req, res, body),
      () => res.writeHead(400).end(),
    );
  });

  async function forward(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const path = new URL(req.url ?? "/", "http://proxy").pathname;
    const pinned = [...pins].find(([prefix]) => path.startsWith(prefix))?.[1];
    const list = backends();
    const order = pinned ? [pinned, ...list.filter((backend) => backend !== pinned)] : list;
    const first = pinned ? 0 : turn++;
    for (let tried = 0; tried < order.length; tried += 1) {
      const backend = order[(first + tried) % order.length];
      if (!backend) continue;
      const entry = { path };
      const held = inHand.get(backend) ?? new Set();
      inHand.set(backend, held.add(entry));
      const outcome = await send(backend, req, body, res).finally(() => held.delete(entry));
      if (outcome === "refused") continue;
      if (outcome === "broken") broken += 1;
      const counts = (served[backend] ??= {});
      counts[route(path)] = (counts[route(path)] ?? 0) + 1;
      return;
    }
    res.writeHead(503, { "content-type": "text/plain" }).end("no backend accepts connections");
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served: () => structuredClone(served),
    pin: (pathPrefix, backend) => void (backend === null ? pins.delete(pathPrefix) : pins.set(pathPrefix, backend)),
    inFlight: (backend) => [...(inHand.get(backend) ?? [])].map((entry) => entry.path),
    broken: () => broken,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A path without its ids: "/api/orders/01J…" → "/api/orders", "/payments-sandbox/pay/cs_…" → "/payments-sandbox/pay". */
function route(path: string): string {
  const parts = path.split("/").filter(Boolean);
  const firstId = parts.findIndex((part) => !/^[a-z][a-z_-]*$/.test(part));
  return `/${parts.slice(0, Math.min(3, firstId === -1 ? parts.length : firstId)).join("/")}`;
}

/** Relay one request; "refused" when the backend never took it, so another may. */
function send(backend: string, req: IncomingMessage, body: Buffer, res: ServerResponse): Promise<"answered" | "refused" | "broken"> {
  const target = new URL(req.url ?? "/", backend);
  const headers = { ...req.headers, host: target.host, "content-length": String(body.length) };
  delete headers["transfer-encoding"];
  delete headers.connection;
  return new Promise((resolve) => {
    let connected = false;
    const upstream = httpRequest(target, { method: req.method, headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on("end", () => resolve("answered"));
      answer.on("error", () => {
        res.destroy();
        resolve("broken");
      });
    });
    upstream.on("socket", (socket) => socket.on("connect", () => (connected = true)));
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && error.code === "ECONNREFUSED") return resolve("refused");
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" }).end(`backend failed: ${error.message}`);
      else res.destroy();
      resolve("broken");
    });
    upstream.end(body);
  });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}
