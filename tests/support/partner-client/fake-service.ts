// A scripted stand-in for the Partner API behind an injected fetch. Each route answers from a
// queue (the last answer repeats); login answers by default with token-1, token-2, …
import type { Clock } from "@/lib/time/clock";

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | null;
}

export type Reply = (call: RecordedCall) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

/** An answer that never comes, except as an AbortError when the request's signal fires. */
export const hang: Reply = (call) =>
  new Promise<Response>((_, reject) => {
    call.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
  });

/** `YYYY-MM-DD HH:MM:SS` in UTC. */
export function sqlTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

export class FakeService {
  readonly calls: RecordedCall[] = [];
  private routes = new Map<string, Reply[]>();
  private issued = 0;

  constructor(private readonly clock: Clock) {
    this.on("POST /api/auth/login", () => {
      this.issued += 1;
      const now = this.clock.now();
      return json(200, { token: `token-${this.issued}`, expires_in: 3600, expires_at: sqlTime(now + 3_600_000) });
    });
  }

  /** Script the answers of `METHOD /path`, replacing earlier ones. */
  on(route: string, ...replies: Reply[]): this {
    this.routes.set(route, replies);
    return this;
  }

  callsTo(route: string): RecordedCall[] {
    return this.calls.filter((c) => `${c.method} ${c.url.pathname}` === route);
  }

  get logins(): number {
    return this.callsTo("POST /api/auth/login").length;
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = await request.text();
    const call: RecordedCall = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text === "" ? undefined : (JSON.parse(text) as unknown),
      signal: init?.signal ?? null,
    };
    this.calls.push(call);
    const route = `${call.method} ${call.url.pathname}`;
    const queue = this.routes.get(route);
    if (!queue || queue.length === 0) return json(404, { success: false, error: 404, error_text: `no script for ${route}` });
    const reply = queue.length > 1 ? queue.shift()! : queue[0]!;
    return reply(call);
  };
}
