// Email out of the shop through nodemailer: over SMTP when SMTP_URL is set, otherwise into a
// local outbox folder, one .eml file per message, that any mail client opens. A failure is a
// value: the caller decides whether an order can go on without its email (it can).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { err, ok, type Result } from "@/lib/result";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailError {
  code: "mail_failed";
  message: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<Result<{ where: string }, MailError>>;
}

export interface MailerConfig {
  from: string;
  smtpUrl?: string | undefined;
  outboxDir: string;
}

export function createMailer(config: MailerConfig): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.from) : outboxMailer(config.outboxDir, config.from);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from, ...message });
        return ok({ where: `smtp ${info.messageId}` });
      } catch (error) {
        return err({ code: "mail_failed", message: `SMTP refused the message: ${error instanceof Error ? error.message : String(error)}` });
      }
    },
  };
}

function outboxMailer(outboxDir: string, from: string): Mailer {
  // The stream transport builds the whole RFC 5322 message without sending it anywhere.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from, ...message });
        await mkdir(outboxDir, { recursive: true });
        const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeName(message.to)}.eml`);
        await writeFile(file, info.message as Buffer, { mode: 0o600 });
        return ok({ where: file });
      } catch (error) {
        return err({ code: "mail_failed", message: `the outbox could not be written: ${error instanceof Error ? error.message : String(error)}` });
      }
    },
  };
}

function safeName(address: string): string {
  return address.replace(/[^\w.@-]/g, "_").slice(0, 80);
}
