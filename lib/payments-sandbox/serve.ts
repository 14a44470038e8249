// Serves a payments sandbox over node:http, for `npm run stripe-sandbox` and loopback tests.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { PaymentsSandbox } from "./create-payments-sandbox";

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
      const method = incoming.method ?? "GET";
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const request = new Request(`http://${incoming.headers.host ?? host}${incoming.url ?? "/"}`, {
        method,
        headers,
        body: method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks),
      });
      const tasks: (() => Promise<unknown>)[] = [];
      void sandbox.handle(request, (task) => tasks.push(task)).then(async (response) => {
        const body = Buffer.from(await response.arrayBuffer());
        outgoing.writeHead(response.status, Object.fromEntries(response.headers));
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
