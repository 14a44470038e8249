// What the catch-all route does around Auth (its POSTs come only from our own pages: the route
// wrapper checks, app/api/auth/[...auth]/route.ts): sign-in attempts counted per account and per address before a password is checked (429 with
// Retry-After in the one error envelope), for the account Auth will check, and sign-outs
// written to the audit log.
import { Auth } from "@auth/core";
import { env } from "@/lib/config/env";
import { errorAnswer, problem } from "@/lib/http/json-answer";
import { rateLimited } from "@/lib/http/rate-limited";
import { getKv } from "@/lib/kv/get-kv";
import { systemClock } from "@/lib/time/clock";
import { authAction } from "@/lib/auth/http/auth-action";
import { readSignInEmail } from "@/lib/auth/http/sign-in-email";
import { hitSignInLimits, signInLimits } from "@/lib/auth/sign-in-limits";
import { recordAudit } from "./audit";
import { authConfig, readAdminSession } from "./auth";
import { shopClientIp } from "./client-ip";

export async function handleAuthRequest(request: Request): Promise<Response> {
  if (request.method !== "POST") return Auth(request, await authConfig());
  const action = authAction(new URL(request.url).pathname);
  const ip = shopClientIp(request.headers);

  if (action === "callback") {
    // Auth reads the body itself, so the limit reads a copy, the same way.
    const email = await readSignInEmail(request);
    if (!email.ok) return errorAnswer(email.error);
    const limit = await hitSignInLimits({ kv: await getKv(), clock: systemClock, limits: signInLimits(env()) }, email.value, ip);
    if (!limit.allowed) return rateLimited(limit, "sign-in attempts");
  }

  if (action === "signout") {
    const session = await readAdminSession(request.headers);
    const response = await Auth(request, await authConfig());
    if (!session) return response;
    // Auth logs a failure of its sign-out event and clears the cookie all the same, which would
    // leave any copy of it good: a session still readable was not ended, and the browser keeps it.
    if (await readAdminSession(request.headers)) return problem("internal", "The session could not be ended on the server; sign out again.");
    await recordAudit({ actor: session.email, action: "auth.sign_out", target: `person:${session.email}`, ip });
    return response;
  }
  return Auth(request, await authConfig());
}
