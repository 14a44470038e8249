// What the sandbox reads of a request and what it answers, as plain data: a Web Request is one
// such request and toResponse makes the Web Response of an answer, but serve.ts reads node's
// request and writes node's response without either, whose construction and body streams were
// an eighth of the sandbox's CPU under the checkout bench (docs/architecture-decisions.md item 259).
export interface SandboxRequest {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export interface HttpReply {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export function toResponse(reply: HttpReply): Response {
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}
