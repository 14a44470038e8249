// What the wire between the shop and a service can do to one call: refuse it before the service
// sees it, lose the answer after the service acted, hold the request back so that it reaches
// the service only after our retry did, hand us a 2xx we cannot read, or answer a repeat with a
// refusal of its own (a proxy's 503) after an earlier call may have taken effect.
import type { Scheduler } from "@/lib/time/clock";
import type { FaultPlan } from "./faults";

type Service = "upstream" | "payments";

/** A status in a form no release of ours reads: the schema rejects the answer although the service acted. */
const UNKNOWN_STATUS = "pending_review";

/** Logging in changes nothing upstream; the faults are for the calls the checkout makes. */
const LOGIN = "/api/auth/login";

/** A fetch in front of `inner` (the service) that the plan's wire faults act on; a dead process sends nothing. */
export function faultyFetch(plan: FaultPlan, target: Service, scheduler: Scheduler, inner: (request: Request) => Promise<Response>): typeof fetch {
  return async (input, init) => {
    plan.assertAlive(`${target} fetch`);
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path === LOGIN) return inner(request);
    const changes = request.method !== "GET";
    const between = plan.take(target, ["refused_between"], (f) => f.kind === "refused_between" && f.path === path);
    if (between) return Response.json({ error: 103 }, { status: 503 });
    const fault = plan.take(target, changes ? ["refused", "answer_lost", "held", "unreadable", "lost_then_refused"] : ["refused", "answer_lost", "unreadable"]);
    if (fault?.kind === "refused") {
      return target === "payments"
        ? Response.json({ error: { type: "api_error", message: "injected: service unavailable" } }, { status: 503 })
        : new Response("<html>502 Bad Gateway</html>", { status: 502, headers: { "content-type": "text/html" } });
    }
    if (fault?.kind === "held") return hold(scheduler, request, fault.delaySeconds * 1000, inner);
    const response = await inner(request);
    if (fault?.kind === "answer_lost" || fault?.kind === "lost_then_refused") {
      await response.arrayBuffer();
      if (fault.kind === "lost_then_refused") plan.armNext({ target: "upstream", kind: "refused_between", path });
      throw new TypeError("fetch failed: connection reset after the request was sent (injected)");
    }
    if (fault?.kind === "unreadable") {
      if (fault.times > 1) plan.armNext({ ...fault, times: fault.times - 1 });
      return unreadable(target, response);
    }
    return response;
  };
}

/**
 * The request stays on the wire and reaches the service `delayMs` later, on manual time, while
 * our client has already given up on it (a connect timeout: both clients' own timeouts run on
 * real timers, which a schedule does not wait for) and may have sent it again.
 */
function hold(scheduler: Scheduler, request: Request, delayMs: number, inner: (request: Request) => Promise<Response>): Promise<Response> {
  const late = request.clone();
  // Not awaited: the service may itself wait on manual time (a lock held by another request),
  // which only moves once the timer that delivers this request has returned.
  scheduler.schedule(delayMs, () => {
    // Nobody reads this answer; the service acts on the request all the same.
    void inner(late).then((response) => response.arrayBuffer(), () => undefined);
  });
  return Promise.reject(new TypeError("fetch failed: timed out, the request is still on its way (injected)"));
}

/** A 2xx whose body our client's schema rejects: an order status it does not know, or no JSON at all. */
async function unreadable(target: Service, response: Response): Promise<Response> {
  const text = await response.text();
  // A refusal stays a refusal: only an answer the service gave as a success is spoilt.
  if (!response.ok) return new Response(text, { status: response.status, headers: response.headers });
  if (target === "payments") return new Response("<html>200 OK, but not from Stripe</html>", { status: 200, headers: { "content-type": "text/html" } });
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    body = null;
  }
  // The service's own refusals ({error: …}, whatever the status) stay readable too.
  if (body === null || typeof body !== "object" || "error" in body) return new Response(text, { status: response.status, headers: response.headers });
  return Response.json({ ...body, order_status: UNKNOWN_STATUS }, { status: 200 });
}
