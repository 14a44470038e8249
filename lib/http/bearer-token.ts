// `Authorization: Bearer <token>`, the one way our routes read it (the cron sweep's secret, an
// order's capability key). Null when the header is absent or names another scheme.
export function bearerToken(headers: Headers): string | null {
  return /^Bearer (.+)$/.exec(headers.get("authorization") ?? "")?.[1] ?? null;
}
