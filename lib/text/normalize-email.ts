// An email as a key: trimmed and lower-cased, so that one address typed two ways is one person
// (an admin account) or one buyer (the order list's search).
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
