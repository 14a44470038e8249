// A stand-in for Upstash's REST endpoint, forwarding to a real Redis, so the Upstash driver is
// tested over HTTP with the real @upstash/redis client and no account. It speaks what that
// client sends (node_modules/@upstash/redis, HttpClient.request): POST / with one command as a
// JSON array, POST /pipeline and /multi-exec with an array of them, "Authorization: Bearer",
// answers {result} / {error} (HTTP 400 for a failed single command), and base64 bulk strings
// when the request carries "Upstash-Encoding: base64" (the client's default).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { z } from "zod";

const commandSchema = z.array(z.union([z.string(), z.number(), z.boolean()])).min(1);
const batchSchema = z.array(commandSchema).min(1);

type Envelope = { result: unknown } | { error: string };

export interface UpstashShim {
  url: string;
  token: string;
  /** Requests served, to show the client really went through HTTP. */
  requests(): number;
  /** Redis commands run, each of a pipeline or transaction counted: what Upstash bills. */
  commands(): number;
  /** Run the next request against Redis, then cut the connection instead of answering. */
  dropNextReply(): void;
  close(): Promise<void>;
}

export async function startUpstashShim(redisUrl: string, token = "test-token"): Promise<UpstashShim> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  let served = 0;
  let commands = 0;
  let dropNext = false;

  const server = createServer((req, res) => {
    served += 1;
    if (dropNext) {
      dropNext = false;
      // The command runs; only its answer is lost, as when a connection breaks mid-reply.
      res.writeHead = () => res;
      res.end = () => (req.socket.destroy(), res);
    }
    handle(req, res).catch((error: unknown) => reply(res, 500, { error: String(error) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== "POST") return reply(res, 405, { error: "Method not allowed" });
    if (req.headers.authorization !== `Bearer ${token}`) return reply(res, 401, { error: "Unauthorized" });
    const base64 = req.headers["upstash-encoding"] === "base64";
    const body: unknown = JSON.parse(await readBody(req));
    const path = new URL(req.url ?? "/", "http://shim").pathname;

    if (path === "/") {
      const command = commandSchema.safeParse(body);
      if (!command.success) return reply(res, 400, { error: "ERR expected a command as a JSON array" });
      const envelope = await execute(command.data, base64);
      return reply(res, "error" in envelope ? 400 : 200, envelope);
    }
    if (path === "/pipeline" || path === "/multi-exec") {
      const batch = batchSchema.safeParse(body);
      if (!batch.success) return reply(res, 400, { error: "ERR expected an array of commands" });
      if (path === "/pipeline") {
        // In order, one after another, but not atomic: as Upstash documents its pipelines.
        const results: Envelope[] = [];
        for (const command of batch.data) results.push(await execute(command, base64));
        return reply(res, 200, results);
      }
      const multi = redis.multi();
      commands += batch.data.length;
      for (const [name, ...args] of batch.data) multi.callBuffer(String(name), args.map(String));
      try {
        const results = (await multi.exec()) ?? [];
        return reply(
          res,
          200,
          results.map(([error, result]) => (error ? { error: error.message } : { result: encode(result, base64) })),
        );
      } catch (error) {
        return reply(res, 400, { error: error instanceof Error ? error.message : String(error) });
      }
    }
    return reply(res, 404, { error: `Unknown path ${path}` });
  }

  async function execute([name, ...args]: z.infer<typeof commandSchema>, base64: boolean): Promise<Envelope> {
    commands += 1;
    try {
      return { result: encode(await redis.callBuffer(String(name), args.map(String)), base64) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests: () => served,
    commands: () => commands,
    dropNextReply: () => void (dropNext = true),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      redis.disconnect();
    },
  };
}

/** Redis replies as Upstash sends them: bulk strings as base64 (or text), numbers and nil as is. */
function encode(reply: unknown, base64: boolean): unknown {
  if (Buffer.isBuffer(reply)) return base64 ? reply.toString("base64") : reply.toString("utf8");
  if (Array.isArray(reply)) return reply.map((item) => encode(item, base64));
  return reply ?? null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function reply(res: ServerResponse, status: number, body: Envelope | Envelope[]): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
