// Serves a sandbox over real HTTP with node:http, for `npm run sandbox`, loopback tests and the
// benchmark. Requests go straight to the sandbox's responder (http/node-request.ts) rather than
// through Web Request and Response objects, which cost more per request than the sandbox itself.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Sandbox } from "./create-sandbox";
import { errorResult } from "./http/error-result";
import { serialize, type JsonAnswer } from "./http/json-response";
import { fromNodeRequest } from "./http/node-request";

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:4010 */
  baseUrl: string;
  close(): Promise<void>;
}

export function serveSandbox(sandbox: Sandbox, { port = 0, host = "127.0.0.1" } = {}): Promise<RunningSandbox> {
  const server = createServer((request, response) => {
    const sandboxRequest = fromNodeRequest(request);
    if (!sandboxRequest) return writeAnswer(request, response, serialize(errorResult(400, "request target must be a URL path")));
    void sandbox.respond(sandboxRequest).then((answer) => writeAnswer(request, response, answer));
  });
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
            server.closeAllConnections();
          }),
      });
    });
  });
}

function writeAnswer(request: IncomingMessage, response: ServerResponse, answer: JsonAnswer): void {
  // Assign then set, not `{ ...headers, "Content-Length": n }`: V8 (Node 20) takes a slow path
  // for that spread-plus-field, about 1 µs per answer.
  const headers: Record<string, string | number> = Object.assign({}, answer.headers);
  headers["Content-Length"] = Buffer.byteLength(answer.body);
  response.writeHead(answer.status, headers);
  response.end(answer.body);
  if (!request.complete) response.once("finish", () => discardUnreadBody(request));
}

// Past this, a sender that goes on after its answer is cut off.
const MAX_DISCARD_BYTES = 64 * 1024 * 1024;

/**
 * A body still arriving after the answer (a 413, or a 401 given before the body was needed)
 * is read and dropped, so that the client sees the answer rather than a reset connection and
 * the connection can serve its next request.
 */
function discardUnreadBody(request: IncomingMessage): void {
  if (request.readableEnded || request.destroyed) return;
  let discarded = 0;
  request.on("data", (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > MAX_DISCARD_BYTES) request.socket.destroy();
  });
  request.resume();
}
