// The bench buyers' HTTP client: node:http over kept-alive connections, sending the headers
// fetch (undici) sends, so the shop and the payments sandbox see the same requests, compressed
// answers included. The buyers run on the shop's machine, where every ms of their CPU is
// capacity taken from the shop; fetch cost more than this per request (docs/architecture-decisions.md item 286).
import { Agent, request, type IncomingHttpHeaders } from "node:http";
import { gunzipSync, inflateSync } from "node:zlib";

/** What fetch adds to every request of ours; a browser sends its own, no cheaper to answer. */
const FETCH_HEADERS = {
  accept: "*/*",
  "accept-language": "*",
  "sec-fetch-mode": "cors",
  "user-agent": "node",
  "accept-encoding": "gzip, deflate",
};

/**
 * Idle connections are closed after 4 s, as undici does for fetch: under the 5 s a Node
 * server (next start included) keeps one open, so a request never goes out on a connection
 * the server is closing.
 */
const agent = new Agent({ keepAlive: true, timeout: 4_000 });

export interface BuyerRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** A JSON text (its content-type in `headers`) or a form, sent as fetch sends a URLSearchParams. */
  body?: string | URLSearchParams;
}

export interface BuyerResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, decompressed. */
  text: string;
}

/** One request, redirects not followed (a 3xx is the answer, as fetch's redirect: "manual"). */
export function send(url: string, { method = "GET", headers = {}, body }: BuyerRequest = {}): Promise<BuyerResponse> {
  const form = body instanceof URLSearchParams;
  const payload = body === undefined ? undefined : String(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method,
      agent,
      headers: {
        ...(form ? { "content-type": "application/x-www-form-urlencoded;charset=UTF-8" } : {}),
        ...FETCH_HEADERS,
        ...headers,
        ...(payload === undefined ? {} : { "content-length": String(Buffer.byteLength(payload)) }),
      },
    });
    outgoing.once("error", reject);
    outgoing.once("response", (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.once("error", reject);
      incoming.once("end", () => {
        try {
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: decoded(Buffer.concat(chunks), incoming.headers["content-encoding"]).toString("utf8") });
        } catch (error) {
          reject(error);
        }
      });
    });
    outgoing.end(payload);
  });
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "gzip") return gunzipSync(body);
  if (encoding === "deflate") return inflateSync(body);
  return body;
}
