import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { postOverHttp } from "./post-over-http";
import type { WebhookDelivery } from "./post-webhook";

const delivery: WebhookDelivery = { body: '{\n  "id": "evt_1"\n}', headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": "t=1,v1=ab" }, timeoutMs: 2_000 };

let server: Server | undefined;

async function endpoint(answer: (request: IncomingMessage, body: string, response: ServerResponse) => void): Promise<string> {
  server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
    request.on("end", () => answer(request, body, response));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

describe("postOverHttp", () => {
  it("POSTs the body and headers as given, and one kept-alive connection carries the next POST", async () => {
    const seen: { method?: string; path?: string; type?: string; signature?: string; length?: string; body: string; socket: unknown }[] = [];
    const url = await endpoint((request, body, response) => {
      seen.push({ method: request.method, path: request.url, type: request.headers["content-type"], signature: String(request.headers["stripe-signature"]), length: request.headers["content-length"], body, socket: request.socket });
      response.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
    });
    const post = postOverHttp();
    expect(await post(url, delivery)).toBe(true);
    expect(await post(url, delivery)).toBe(true);
    expect(seen[0]).toMatchObject({ method: "POST", path: "/api/webhooks/stripe", type: "application/json; charset=utf-8", signature: "t=1,v1=ab", length: String(Buffer.byteLength(delivery.body)), body: delivery.body });
    expect(seen[1]?.socket).toBe(seen[0]?.socket);
  });

  it("counts an answer other than 2xx as failed, a redirect included: Stripe does not follow one", async () => {
    const statuses = [500, 302, 400, 204];
    const url = await endpoint((_request, _body, response) => response.writeHead(statuses.shift() ?? 500, { location: "/elsewhere" }).end());
    const post = postOverHttp();
    expect([await post(url, delivery), await post(url, delivery), await post(url, delivery), await post(url, delivery)]).toEqual([false, false, false, true]);
  });

  it("fails, without throwing, when nothing listens or no answer comes before the deadline", async () => {
    const url = await endpoint(() => undefined);
    const post = postOverHttp();
    const started = Date.now();
    expect(await post(url, { ...delivery, timeoutMs: 200 })).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await post("http://127.0.0.1:1/api/webhooks/stripe", delivery)).toBe(false);
  });
});
