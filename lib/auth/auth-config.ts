// The one @auth/core configuration: a Credentials provider (email, password and, for an
// enrolled account, a code) with JWT sessions that are checked against KV on every read, so a
// session can be ended from the server (session-version.ts, ended-sessions.ts). The route
// handler and the server-side session read both call Auth with it.
import { randomUUID } from "node:crypto";
import type { AuthConfig } from "@auth/core";
import type { Session } from "@auth/core/types";
import { CredentialsSignin } from "@auth/core/errors";
import Credentials from "@auth/core/providers/credentials";
import { z } from "zod";
import { recordAudit } from "@/lib/audit";
import { env } from "@/lib/config/env";
import { shopMode } from "@/lib/config/shop-mode";
import { getKv } from "@/lib/kv/get-kv";
import { clientIp } from "@/lib/rate-limit/client-ip";
import { processSingleton } from "@/lib/singleton";
import { systemClock } from "@/lib/time/clock";
import { firstOwner } from "./admin-settings";
import { authSecret } from "./auth-secret";
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

/**
 * The process's one configuration, as Auth.js builds it once (lib/singleton.ts forgets a failed
 * build, such as KV down at the first request). Nothing in it depends on the request: the
 * request reaches `authorize` as an argument, and each session's `since`/`sid` ride in its token.
 * KV is asked for at each use (getKv() is itself one per process) rather than held by the config.
 */
export function authConfig(): Promise<AuthConfig> {
  return processSingleton("auth-config", buildAuthConfig);
}

async function buildAuthConfig(): Promise<AuthConfig> {
  const config = env();
  const mode = shopMode();
  const owner = await firstOwner(config, mode, getKv);
  const secret = await authSecret(await getKv(), config, mode);
  const vault = totpVault(secret);
  return {
    basePath: AUTH_BASE_PATH,
    // The host is the one the request came to; behind a proxy that sets it (Vercel and most
    // hosts), or SHOP_URL's host when the proxy passes that.
    trustHost: true,
    // Auth picks Secure cookies from the request's protocol, which is http when a proxy ends TLS
    // without X-Forwarded-Proto; a shop whose public address is https always keeps them Secure.
    ...(config.SHOP_URL ? { useSecureCookies: config.SHOP_URL.startsWith("https:") } : {}),
    secret,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [
      Credentials({
        credentials: { email: {}, password: {}, code: {} },
        async authorize(raw, request) {
          const ip = clientIp(request.headers);
          const parsed = credentialsSchema.safeParse({ ...raw, code: raw.code || undefined });
          if (!parsed.success) throw new SignInRefused("credentials");
          const kv = await getKv();
          const checked = await checkCredentials({ kv, clock: systemClock, vault, owner }, parsed.data);
          const email = parsed.data.email;
          if (!checked.ok) {
            // Asking for the code is the second step of a sign-in, not a failure.
            if (checked.error !== "totp_required") await recordAudit({ actor: null, action: "auth.sign_in_failed", target: `person:${email}`, after: { reason: checked.error }, ip }, { kv, clock: systemClock });
            throw new SignInRefused(checked.error);
          }
          await recordAudit({ actor: email, action: "auth.sign_in", target: `person:${email}`, after: { role: checked.value.role, factor: checked.value.factor }, ip }, { kv, clock: systemClock });
          return { id: email, email, sv: await sessionVersion(kv, email), pw: passwordFingerprint(checked.value.passwordHash), since: systemClock.now(), sid: randomUUID() };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) return { ...token, email: user.email, ...tokenClaimsSchema.omit({ email: true }).parse(user) };
        // Every read: within its lifetime from sign-in, not signed out, and the account still
        // there with the same password and session version.
        const claims = tokenClaimsSchema.safeParse(token);
        if (!claims.success || systemClock.now() >= claims.data.since + SESSION_MAX_AGE_MS) return null;
        const kv = await getKv();
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
        if (claims?.success) await endSession({ kv: await getKv(), clock: systemClock }, claims.data.sid, claims.data.since + SESSION_MAX_AGE_MS);
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
