// Webhook POSTs over node:http(s) with kept-alive connections, for the standalone sandbox: fetch
// with an AbortSignal.timeout cost ~0.3 ms of CPU a POST against ~0.08 here (one a purchase for
// a shop that listens to checkout.session.completed alone; docs/architecture-decisions.md item
// 277). A redirect is a failed attempt, as Stripe counts it.
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { PostWebhook } from "./post-webhook";

/**
 * An idle connection is closed after this, under the 5 s a Node server (Next included) keeps
 * one open by default, so a POST never goes out on a connection the endpoint is closing; 4 s
 * as undici does for fetch.
 */
const IDLE_MS = 4_000;

export function postOverHttp(): PostWebhook {
  const http = new HttpAgent({ keepAlive: true, timeout: IDLE_MS });
  const https = new HttpsAgent({ keepAlive: true, timeout: IDLE_MS });
  return (url, { body, headers, timeoutMs }) =>
    new Promise<boolean>((resolve) => {
      const target = new URL(url);
      const secure = target.protocol === "https:";
      const request = (secure ? httpsRequest : httpRequest)(target, {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        agent: secure ? https : http,
      });
      // One deadline over the whole attempt, as AbortSignal.timeout gave fetch; the body is
      // read to its end so that the connection can carry the next POST.
      const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      request.once("response", (response) => {
        response.once("end", () => clearTimeout(deadline));
        response.once("error", () => clearTimeout(deadline));
        response.resume();
        const status = response.statusCode ?? 0;
        resolve(status >= 200 && status < 300);
      });
      request.once("error", () => {
        clearTimeout(deadline);
        resolve(false);
      });
      request.end(body);
    });
}
