// Serves the QStash emulation over node:http, for tests that drive it with the real
// @upstash/qstash client (which takes a base URL, not a fetch).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { QstashSandbox } from "./create-qstash-sandbox";

export interface RunningQstashSandbox {
  baseUrl: string;
  close(): Promise<void>;
}

export function serveQstashSandbox(sandbox: QstashSandbox, { port = 0, host = "127.0.0.1" } = {}): Promise<RunningQstashSandbox> {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const method = incoming.method ?? "GET";
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
      const request = new Request(`http://${incoming.headers.host ?? host}${incoming.url ?? "/"}`, {
        method,
        headers,
        body: method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks),
      });
      void sandbox.handle(request).then(async (response) => {
        outgoing.writeHead(response.status, Object.fromEntries(response.headers));
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      });
    });
  });
  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({ baseUrl: `http://${host}:${bound}`, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}
