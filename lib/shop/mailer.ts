// The shop's mailer from configuration, one per process.
import { env } from "@/lib/config/env";
import { createMailer, type Mailer } from "@/lib/mail/mailer";

export const SHOP_NAME = "Voucher Storefront";

let mailer: Mailer | undefined;

export function shopMailer(): Mailer {
  const config = env();
  mailer ??= createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, outboxDir: config.OUTBOX_DIR });
  return mailer;
}
