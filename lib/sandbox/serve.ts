// Serves a sandbox over real HTTP with node:http, for `npm run sandbox`, loopback tests and the
// benchmark. @hono/node-server turns Node's request into a Web Request without copying bodies.
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import type { Sandbox } from "./create-sandbox";

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:4010 */
  baseUrl: string;
  close(): Promise<void>;
}

export function serveSandbox(sandbox: Sandbox, { port = 0, host = "127.0.0.1" } = {}): Promise<RunningSandbox> {
  const server = createAdaptorServer({ fetch: (request: Request) => sandbox.handle(request) });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      const shownHost = host.includes(":") ? `[${host}]` : host;
      resolve({
        baseUrl: `http://${shownHost}:${address.port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            sandbox.close();
            server.close((error) => (error ? fail(error) : done()));
            if ("closeAllConnections" in server) server.closeAllConnections();
          }),
      });
    });
  });
}
