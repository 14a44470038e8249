// The shell's view of a node:http request, for serve.ts. It reads the same things as
// web-request.ts, by the same rules, straight from Node's IncomingMessage.
import type { IncomingMessage } from "node:http";
import type { Outcome } from "./outcome";
import { declaredTooLarge } from "@/lib/http/read-capped-bytes";
import { decodeUtf8, MAX_BODY_BYTES, tooLarge } from "./read-body";
import type { SandboxRequest } from "./sandbox-request";

/** The request, or null when its target is not a URL path we could route (answered 400). */
export function fromNodeRequest(request: IncomingMessage): SandboxRequest | null {
  const url = requestUrl(request.url ?? "");
  return url ? new NodeSandboxRequest(request, url) : null;
}

// A class rather than an object of closures: one is built per request, and methods on the
// prototype cost nothing to create.
class NodeSandboxRequest implements SandboxRequest {
  readonly method: string;

  constructor(
    private readonly request: IncomingMessage,
    readonly url: URL,
  ) {
    this.method = request.method ?? "GET";
  }

  header(name: string): string | null {
    return headerValue(this.request.rawHeaders, name);
  }

  text(): Promise<Outcome<string>> {
    return readNodeBodyText(this.request);
  }
}

/**
 * Origin form (`/api/pay?x=1`) or absolute form (`http://host/api/pay`). The host does not
 * matter to the sandbox, so a fixed one stands in. A backslash in the path is refused,
 * because URL parsing would silently read it as a slash.
 */
function requestUrl(target: string): URL | null {
  const pathEnd = target.indexOf("?");
  if (target.slice(0, pathEnd === -1 ? undefined : pathEnd).includes("\\")) return null;
  try {
    if (target.startsWith("/")) return new URL(`http://sandbox${target}`);
    if (target.startsWith("http://") || target.startsWith("https://")) return new URL(target);
  } catch {}
  return null;
}

/** Web `Headers.get` semantics over Node's raw header list (Node keeps only the first of some repeated headers). */
function headerValue(rawHeaders: string[], name: string): string | null {
  let value: string | null = null;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const key = rawHeaders[i] as string;
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    const next = rawHeaders[i + 1] as string;
    value = value === null ? next : `${value}, ${next}`;
  }
  return value;
}

/** The body as UTF-8 text, never buffering more than `limit` bytes. */
export function readNodeBodyText(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Outcome<string>> {
  if (declaredTooLarge(request.headers["content-length"], limit)) return Promise.resolve(tooLarge());
  if (request.destroyed) return Promise.reject(new Error("the request was closed before its body was read"));

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > limit) {
        // What is left flows past unbuffered; serve.ts bounds it once the 413 is sent.
        stop();
        resolve(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(decodeUtf8(Buffer.concat(chunks, total)));
    };
    const onClose = () => {
      stop();
      reject(new Error("the request was closed before its body ended"));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const stop = () => {
      request.off("data", onData).off("end", onEnd).off("close", onClose).off("error", onError);
    };
    request.on("data", onData).on("end", onEnd).on("close", onClose).on("error", onError);
  });
}
