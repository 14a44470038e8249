// Serves a payments sandbox over node:http, for `npm run stripe-sandbox` and loopback tests.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { PaymentsSandbox } from "./create-payments-sandbox";

export interface RunningPaymentsSandbox {
  baseUrl: string;
  close(): Promise<void>;
}

export function servePaymentsSandbox(sandbox: PaymentsSandbox, { port = 0, host = "127.0.0.1" } = {}): Promise<RunningPaymentsSandbox> {
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
      void sandbox.handle(request).then(async (response) => {
        const body = Buffer.from(await response.arrayBuffer());
        outgoing.writeHead(response.status, Object.fromEntries(response.headers));
        outgoing.end(body);
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
          }),
      });
    });
  });
}
