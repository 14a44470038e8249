// An emulated Cloudflare Turnstile for the demo and the tests, as the payments sandbox emulates
// Stripe: the widget script a page loads (a checkbox that obtains a token), the endpoint that
// issues tokens for the page's host and the widget's action, and siteverify, which answers in
// Cloudflare's shape. Tokens are good for 300 s and for one verification. The shop's verifier
// (lib/fraud/verify-bot-token.ts) is the same code against it as against Cloudflare; only the
// URL and the keys differ. Mounted at /turnstile-sandbox in a demo shop only.
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Kv } from "@/lib/kv/kv";
import type { Clock } from "@/lib/time/clock";
import { spendTokenScript } from "./spend-token-script";
import { widgetScript } from "./widget-script";

/** The emulation's keys: any page of the demo renders with the first, the shop verifies with the second. */
export const SANDBOX_SITE_KEY = "sandbox-site-key";
export const SANDBOX_SECRET_KEY = "sandbox-secret-key";
export const TOKEN_LIFETIME_MS = 300_000;
/** Records and spent marks outlive the lifetime, so a late replay is told "spent", not "unknown". */
const RECORD_TTL_MS = 24 * 3_600_000;

export interface TurnstileSandboxDeps {
  kv: Kv;
  clock: Clock;
  /** Where it is mounted, e.g. "/turnstile-sandbox". */
  basePath: string;
}

const tokenRecord = z.object({ sitekey: z.string(), hostname: z.string(), action: z.string(), issuedAt: z.number(), interactive: z.boolean() });
type TokenRecord = z.infer<typeof tokenRecord>;

const issueBody = z.object({
  sitekey: z.string().max(200),
  action: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,32}$/)
    .default(""),
  interactive: z.boolean().default(false),
});

const verifyBody = z.object({
  secret: z.string().optional(),
  response: z.string().optional(),
  remoteip: z.string().optional(),
  idempotency_key: z.string().max(100).optional(),
});

const hash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 40);
const keys = (token: string) => ({ record: `turnstile-sandbox:token:${hash(token)}`, spent: `turnstile-sandbox:spent:${hash(token)}` });

function answer(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store" } });
}

const failure = (...codes: string[]) => answer({ success: false, "error-codes": codes, messages: [] });

async function readFields(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  const text = await request.text();
  if (/^application\/json\b/i.test(type)) {
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export function createTurnstileSandbox(deps: TurnstileSandboxDeps) {
  /** The widget asks for a token once its checkbox is ticked: for the page's host and its action. */
  async function issue(request: Request): Promise<Response> {
    const parsed = issueBody.safeParse(await readFields(request));
    if (!parsed.success) return answer({ error: "bad-request" }, 400);
    if (parsed.data.sitekey !== SANDBOX_SITE_KEY) return answer({ error: "invalid-sitekey" }, 400);
    // The page the widget was rendered on, as Cloudflare records it; a program asking without
    // a page (a test's buyer over HTTP) gets the host it asked, the shop that serves the widget.
    const page = request.headers.get("origin") ?? request.headers.get("referer") ?? request.url;
    const hostname = URL.parse(page)?.hostname;
    if (!hostname) return answer({ error: "no-origin" }, 400);
    const token = `XXXX.sandbox.${randomBytes(48).toString("base64url")}`;
    const record: TokenRecord = { sitekey: parsed.data.sitekey, hostname, action: parsed.data.action, issuedAt: deps.clock.now(), interactive: parsed.data.interactive };
    await deps.kv.set(keys(token).record, JSON.stringify(record), { ttlMs: RECORD_TTL_MS });
    return answer({ token });
  }

  async function siteverify(request: Request): Promise<Response> {
    const parsed = verifyBody.safeParse(await readFields(request));
    if (!parsed.success) return failure("bad-request");
    const { secret, response, idempotency_key: idempotencyKey } = parsed.data;
    if (!secret) return failure("missing-input-secret");
    if (secret !== SANDBOX_SECRET_KEY) return failure("invalid-input-secret");
    if (!response) return failure("missing-input-response");
    if (response.length > 2048) return failure("invalid-input-response");
    const { record, spent } = keys(response);
    const replay = `turnstile-sandbox:replay:${hash(`${response}\n${idempotencyKey ?? randomBytes(16).toString("hex")}`)}`;
    const reply = await deps.kv.run(spendTokenScript, { keys: { record, spent, replay }, args: { ttlMs: RECORD_TTL_MS } });
    if (reply === "unknown") return failure("invalid-input-response");
    if (reply === "spent") return failure("timeout-or-duplicate");
    const facts = tokenRecord.parse(JSON.parse(reply.slice(3)));
    if (deps.clock.now() - facts.issuedAt > TOKEN_LIFETIME_MS) return failure("timeout-or-duplicate");
    return answer({
      success: true,
      challenge_ts: new Date(facts.issuedAt).toISOString(),
      hostname: facts.hostname,
      "error-codes": [],
      action: facts.action,
      cdata: "",
      metadata: { interactive: facts.interactive },
    });
  }

  return {
    async handle(request: Request): Promise<Response> {
      const path = new URL(request.url).pathname.slice(deps.basePath.length);
      if (request.method === "GET" && path === "/v0/api.js") {
        return new Response(widgetScript(deps.basePath), { headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" } });
      }
      if (request.method === "POST" && path === "/v0/token") return issue(request);
      if (request.method === "POST" && path === "/v0/siteverify") return siteverify(request);
      return new Response("Not found", { status: 404 });
    },
  };
}

export type TurnstileSandbox = ReturnType<typeof createTurnstileSandbox>;
