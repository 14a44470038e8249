// POST /api/scheduler/deadline – QStash (or the demo's emulation of it) delivers an order's
// deadline when it comes: verified with the signing keys, then acted on (lib/scheduler).
import { route } from "@/lib/http/route";
import { deadlineRoute } from "@/lib/shop/deadline-route";

export const dynamic = "force-dynamic";
/** SWEEP_MAX_DURATION_S (lib/shop/time-limits.ts): a delivery may be the sweep's follow-up. */
export const maxDuration = 300;

// No other need: the signature is the check (a request without one is refused before anything).
export const POST = route({}, (request) => deadlineRoute(request));
