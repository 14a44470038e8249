// Make an invitation and mail its link with the shop's mailer (SMTP, or the local outbox in a
// demo). The link is built on the shop's public origin, never on a request's Host. The
// invitation is written to the audit log, with whether its mail went.
import { recordAudit, type Actor } from "@/lib/audit";
import { publicOrigin } from "@/lib/config/shop-origin";
import type { Kv } from "@/lib/kv/kv";
import type { MailError } from "@/lib/mail/mailer";
import { shopMailer, SHOP_NAME } from "./mailer";
import type { Result } from "@/lib/result";
import { systemClock } from "@/lib/time/clock";
import { createInvite, INVITE_TTL_MS } from "@/lib/auth/invites";
import type { Role } from "@/lib/auth/roles";

export async function sendInvite(kv: Kv, invitation: { email: string; role: Role }, actor: Actor): Promise<Result<{ where: string }, MailError>> {
  const input = { ...invitation, invitedBy: actor.email };
  const { token } = await createInvite(kv, systemClock, input);
  const link = `${publicOrigin()}/admin/invite?token=${token}`;
  const hours = INVITE_TTL_MS / 3_600_000;
  const text = `${input.invitedBy} invited you to the admin of ${SHOP_NAME} as ${input.role}.\n\nChoose your password here (the link works once, for ${hours} hours):\n${link}\n`;
  const html = `<p>${escape(input.invitedBy)} invited you to the admin of ${SHOP_NAME} as ${input.role}.</p><p><a href="${escape(link)}">Choose your password</a> (the link works once, for ${hours} hours).</p>`;
  const sent = await shopMailer().send({ to: input.email, subject: `Your invitation to ${SHOP_NAME}`, text, html });
  const after = { role: input.role, mailed: sent.ok };
  await recordAudit({ actor: actor.email, action: "people.invited", target: `person:${input.email}`, after, ip: actor.ip }, { kv, clock: systemClock });
  return sent;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
