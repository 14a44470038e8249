// Every KV key of the admin's accounts, in one place. Emails appear in keys as they are
// normalised (lib/auth/email.ts); the people index is what the People page lists.
export const AUTH_KEYS = {
  person: (email: string) => `auth:person:${email}`,
  people: "auth:people",
  sessionVersion: (email: string) => `auth:session-version:${email}`,
  endedSession: (sid: string) => `auth:ended-session:${sid}`,
  invite: (tokenHash: string) => `auth:invite:${tokenHash}`,
  /** The hash of the one live invitation of an email: an older link is void once this moves on. */
  inviteFor: (email: string) => `auth:invite-for:${email}`,
  /** Emails with a pending invitation, scored by when it expires: the People page's list. */
  invites: "auth:invites",
  totp: (email: string) => `auth:totp:${email}`,
  totpPending: (email: string) => `auth:totp-pending:${email}`,
  recoveryCodes: (email: string) => `auth:recovery:${email}`,
  totpUsed: (email: string, step: number) => `auth:totp-used:${email}:${step}`,
  demoSecret: "auth:secret",
  demoOwnerHash: "auth:demo-owner-hash",
} as const;
