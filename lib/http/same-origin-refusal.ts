// The one answer to a state-changing request a page on another site sent (lib/security/same-origin.ts
// says which): 403 `forbidden`. Reads are left alone: a GET changes nothing.
import { checkSameOrigin } from "@/lib/security/same-origin";
import { problem } from "./json-answer";

/** The 403 to answer, or null when `request` may go on; `allowed` are the shop's public origins. */
export function sameOriginRefusal(request: Request, allowed: readonly string[]): Response | null {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const origin = checkSameOrigin(request.headers, allowed);
  return origin.ok ? null : problem("forbidden", origin.message);
}
