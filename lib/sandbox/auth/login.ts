// POST /api/auth/login – trade a partner's login and api_key for a bearer token (spec 4.1).
import { loginRequestSchema } from "@/lib/partner/schemas";
import type { Fixture } from "../fixture/schema";
import { errorResult, ok, type ApiResult } from "../http/error-result";
import { parseWith } from "../http/parse-with";
import { constantTimeEqual } from "@/lib/security/constant-time-equal";
import type { Tokens } from "./tokens";

export function createLogin(fixture: Fixture, tokens: Tokens): (body: unknown) => Promise<ApiResult> {
  const byLogin = new Map(fixture.partners.map((p) => [p.login, p]));
  return async (body) => {
    const parsed = parseWith(loginRequestSchema, body);
    if (!parsed.ok) return parsed.error;
    const partner = byLogin.get(parsed.value.login);
    // Compare even for an unknown login, so the answer time does not tell which logins exist.
    const keyMatches = constantTimeEqual(parsed.value.api_key, partner?.api_key ?? "");
    if (!partner || !keyMatches) return errorResult(401, "invalid login or api_key");
    return ok(await tokens.issue(partner));
  };
}
