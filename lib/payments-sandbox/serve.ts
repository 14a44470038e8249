// Serves a payments sandbox over node:http, for `npm run stripe-sandbox` and loopback tests.
// Node's request is read and node's response written as they are (reply.ts), with no Web
// Request or Response in between.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { PaymentsSandbox } from "./create-payments-sandbox";
import type { SandboxRequest } from "./http/reply";

export interface RunningPaymentsSandbox {
  baseUrl: string;
  close(): Promise<void>;
}

export function servePaymentsSandbox(sandbox: PaymentsSandbox, { port = 0, host = "127.0.0.1" } = {}): Promise<RunningPaymentsSandbox> {
  // Webhook deliveries run once each answer has gone; close() waits for them, so none writes
  // to a store its owner closes next.
  const running = new Set<Promise<unknown>>();
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const tasks: (() => Promise<unknown>)[] = [];
      void sandbox.reply(sandboxRequest(incoming, host, Buffer.concat(chunks).toString("utf8")), (task) => tasks.push(task)).then((reply) => {
        const body = reply.body ?? "";
        outgoing.writeHead(reply.status, { ...reply.headers, "Content-Length": String(Buffer.byteLength(body)) });
        outgoing.end(body);
        for (const task of tasks) {
          const run = task().finally(() => running.delete(run));
          running.add(run);
        }
      });
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      resolve({
        baseUrl: `http://${host}:${address.port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }).then(() => Promise.allSettled([...running]).then(() => undefined)),
      });
    });
  });
}

/** Node's request as the sandbox reads one; node gives an array only for Set-Cookie, which it never reads. */
function sandboxRequest(incoming: IncomingMessage, host: string, body: string): SandboxRequest {
  return {
    method: incoming.method ?? "GET",
    url: `http://${incoming.headers.host ?? host}${incoming.url ?? "/"}`,
    headers: {
      get(name) {
        const value = incoming.headers[name.toLowerCase()];
        return typeof value === "string" ? value : null;
      },
    },
    text: async () => body,
  };
}
