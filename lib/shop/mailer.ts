// The shop's mailer from configuration, one per process.
import { env, type Env } from "@/lib/config/env";
import { getKv } from "@/lib/kv/get-kv";
import { createMailer, type Mailer, type MailerConfig } from "@/lib/mail/mailer";

export const SHOP_NAME = "Voucher Storefront";

let mailer: Mailer | undefined;

export function shopMailer(): Mailer {
  mailer ??= createMailer(mailerConfigOf(env()));
  return mailer;
}

/**
 * SMTP when SMTP_URL is set (a live shop on a serverless host must set it); else the outbox: a
 * folder on one machine, and KV on a serverless host, whose functions cannot write to disk.
 */
export function mailerConfigOf(config: Env): MailerConfig {
  return {
    from: config.MAIL_FROM,
    smtpUrl: config.SMTP_URL,
    outboxDir: config.OUTBOX_DIR,
    ...(config.VERCEL ? { outboxKv: getKv } : {}),
  };
}
