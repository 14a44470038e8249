// The one @auth/core configuration: a Credentials provider (email, password and, for an
// enrolled account, a code) with JWT sessions that are checked against KV on every read, so a
// session can be ended from the server (session-version.ts, ended-sessions.ts). The route
// handler and the server-side session read both call Auth with it. It is built from its parts
// (the first owner, the secret, KV, the clock, how to read the client's address): the
// composition root (lib/shop/auth.ts) reads the settings and builds it once per process.
import { randomUUID } from "node:crypto";
import type { AuthConfig } from "@auth/core";
import type { Session } from "@auth/core/types";
import { CredentialsSignin } from "@auth/core/errors";
import Credentials from "@auth/core/providers/credentials";
import { z } from "zod";
import { recordAudit } from "@/lib/audit";
import type { Kv } from "@/lib/kv/kv";
import type { Clock } from "@/lib/time/clock";
import type { FirstOwner } from "./admin-settings";
import { checkCredentials, type SignInFailure } from "./check-credentials";
import { accountEmailSchema } from "./email";
import { endSession, sessionEnded } from "./ended-sessions";
import { findAccount, passwordFingerprint } from "./find-account";
import { sessionVersion } from "./session-version";
import { totpVault } from "./totp-vault";

/** Where the catch-all route handler is mounted (app/api/auth/[...auth]); Auth must be told. */
export const AUTH_BASE_PATH = "/api/auth";
export const SIGN_IN_PATH = "/admin/sign-in";
/** Admin sessions are short, and counted from sign-in, never renewed: money moves through the admin. */
export const SESSION_MAX_AGE_S = 12 * 3600;

/** Thrown from authorize: Auth puts the code in the answer (`?error=CredentialsSignin&code=…`). */
class SignInRefused extends CredentialsSignin {
  constructor(code: SignInFailure) {
    super();
    this.code = code;
  }
}

const credentialsSchema = z.object({ email: accountEmailSchema, password: z.string().min(1).max(1024), code: z.string().max(32).optional() });

/**
 * What the JWT carries besides Auth's own claims; re-checked against KV on every read. `since`
 * is the sign-in (ms), because Auth re-issues the token with a fresh `iat` and `exp` on every
 * read; `sid` names this one session, so that signing out ends it and no other.
 */
const tokenClaimsSchema = z.object({ email: z.string(), sv: z.number(), pw: z.string(), since: z.number(), sid: z.string() });

const SESSION_MAX_AGE_MS = SESSION_MAX_AGE_S * 1000;

export interface AuthParts {
  /** Who may sign in before anyone has been invited (admin-settings.ts). */
  owner: FirstOwner | null;
  /** The admin's one secret (auth-secret.ts): the session cookie's key and the second factors' seal. */
  secret: string;
  /** SHOP_URL: an https shop keeps its cookies Secure behind any proxy. */
  shopUrl: string | undefined;
  /**
   * Asked for at each use rather than held: the configuration lives as long as the process and
   * outlives no KV connection that way.
   */
  kv: () => Promise<Kv>;
  clock: Clock;
  /** The client's address as the deployment's proxies vouch for it (lib/rate-limit/client-ip.ts). */
  clientIp: (headers: Headers) => string;
}

/**
 * The configuration. Nothing in it depends on the request: the request reaches `authorize` as an
 * argument, and each session's `since`/`sid` ride in its token, so one per process serves all.
 */
export function buildAuthConfig(parts: AuthParts): AuthConfig {
  const { owner, secret, shopUrl, clock } = parts;
  const vault = totpVault(secret);
  return {
    basePath: AUTH_BASE_PATH,
    // The host is the one the request came to; behind a proxy that sets it (Vercel and most
    // hosts), or SHOP_URL's host when the proxy passes that.
    trustHost: true,
    // Auth picks Secure cookies from the request's protocol, which is http when a proxy ends TLS
    // without X-Forwarded-Proto; a shop whose public address is https always keeps them Secure.
    ...(shopUrl ? { useSecureCookies: shopUrl.startsWith("https:") } : {}),
    secret,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [
      Credentials({
        credentials: { email: {}, password: {}, code: {} },
        async authorize(raw, request) {
          const ip = parts.clientIp(request.headers);
          const parsed = credentialsSchema.safeParse({ ...raw, code: raw.code || undefined });
          if (!parsed.success) throw new SignInRefused("credentials");
          const kv = await parts.kv();
          const checked = await checkCredentials({ kv, clock, vault, owner }, parsed.data);
          const email = parsed.data.email;
          if (!checked.ok) {
            // Asking for the code is the second step of a sign-in, not a failure.
            if (checked.error !== "totp_required") await recordAudit({ actor: null, action: "auth.sign_in_failed", target: `person:${email}`, after: { reason: checked.error }, ip }, { kv, clock });
            throw new SignInRefused(checked.error);
          }
          await recordAudit({ actor: email, action: "auth.sign_in", target: `person:${email}`, after: { role: checked.value.role, factor: checked.value.factor }, ip }, { kv, clock });
          return { id: email, email, sv: await sessionVersion(kv, email), pw: passwordFingerprint(checked.value.passwordHash), since: clock.now(), sid: randomUUID() };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) return { ...token, email: user.email, ...tokenClaimsSchema.omit({ email: true }).parse(user) };
        // Every read: within its lifetime from sign-in, not signed out, and the account still
        // there with the same password and session version.
        const claims = tokenClaimsSchema.safeParse(token);
        if (!claims.success || clock.now() >= claims.data.since + SESSION_MAX_AGE_MS) return null;
        const kv = await parts.kv();
        const [account, version, ended] = await Promise.all([
          findAccount(kv, owner, claims.data.email),
          sessionVersion(kv, claims.data.email),
          sessionEnded(kv, claims.data.sid),
        ]);
        if (!account || ended || passwordFingerprint(account.passwordHash) !== claims.data.pw || version !== claims.data.sv) return null;
        return { ...token, role: account.role };
      },
      // The expiry Auth would tell is a fresh 12 hours from this read; the true one is from sign-in.
      session({ token }) {
        const expires = new Date(Number(token.since) + SESSION_MAX_AGE_MS).toISOString();
        return { expires, user: { email: token.email, role: token.role } } as unknown as Session;
      },
    },
    events: {
      // The cookie is cleared in this browser only; a copy of it must read as nobody too.
      async signOut(message) {
        const claims = "token" in message ? tokenClaimsSchema.safeParse(message.token) : null;
        if (claims?.success) await endSession({ kv: await parts.kv(), clock }, claims.data.sid, claims.data.since + SESSION_MAX_AGE_MS);
      },
    },
    logger: {
      // A refused password is an answer, not a server error worth a stack trace in the log.
      error(error) {
        if (error instanceof CredentialsSignin) return;
        console.error("[auth]", error);
      },
    },
  };
}
