// Spec section 5 and docs/partner-api-decisions.md item 9: every endpoint but login needs
// `Authorization: Bearer <token>`; anything wrong with it is a 401.
import type { Fixture, FixturePartner } from "../fixture/schema";
import { errorResult } from "../http/error-result";
import { failure, success, type Outcome } from "../http/outcome";
import type { SandboxRequest } from "../http/sandbox-request";
import type { Tokens } from "./tokens";

const unauthorized = (text: string) => failure<FixturePartner>(errorResult(401, text));

export function createAuthenticate(fixture: Fixture, tokens: Tokens): (request: SandboxRequest) => Promise<Outcome<FixturePartner>> {
  const byId = new Map(fixture.partners.map((p) => [p.partner_id, p]));
  return async (request) => {
    const header = request.header("authorization");
    if (header === null || header.trim() === "") return unauthorized("authorization header is required");
    const [scheme = "", ...credentials] = header.trim().split(/\s+/);
    // RFC 7235: the scheme name is case-insensitive.
    if (scheme.toLowerCase() !== "bearer") return unauthorized("authorization scheme must be Bearer");
    const [token] = credentials;
    if (token === undefined) return unauthorized("bearer token is missing");
    if (credentials.length > 1) return unauthorized("invalid token");

    const verified = await tokens.verify(token);
    if (!verified.ok) return unauthorized(verified.reason === "expired" ? "token expired" : "invalid token");
    const partner = byId.get(verified.claims.partner_id);
    if (!partner || partner.user_id !== verified.claims.user_id) return unauthorized("unknown partner");
    return success(partner);
  };
}
