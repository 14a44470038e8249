// Every sandbox answer is JSON; the body's key order is the wire order (decisions.md item 3),
// which JSON.stringify keeps because every body is built in that order.
import type { ApiResult } from "./error-result";

export function toResponse(result: ApiResult): Response {
  return new Response(JSON.stringify(result.body), {
    status: result.status,
    headers: { ...result.headers, "Content-Type": "application/json" },
  });
}
