// Vercel's cron convention (Authorization: Bearer $CRON_SECRET) for the routes a scheduler runs.
// Without a configured secret such a route is closed: a run costs upstream calls, so it must not
// be something anyone can trigger (npm run sweep works without it).
import { constantTimeEqual } from "@/lib/security/constant-time-equal";
import { bearerToken } from "./bearer-token";
import { problem } from "./json-answer";

/** The refusal to answer, or null when the request bears the secret. */
export function cronRefusal(request: Request, secret: string | undefined): Response | null {
  if (!secret) return problem("forbidden", `CRON_SECRET is not set: ${new URL(request.url).pathname} is closed`);
  const given = bearerToken(request.headers);
  if (given === null || !constantTimeEqual(given, secret)) return problem("unauthorized", "send Authorization: Bearer <CRON_SECRET>");
  return null;
}
