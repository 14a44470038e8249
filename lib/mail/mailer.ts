// Email out of the shop through nodemailer: over SMTP when SMTP_URL is set, otherwise into a
// local outbox folder, one .eml file per message, that any mail client opens, or, where there is
// no disk to write (a serverless host's functions), into KV, one key per message. A failure is a
// value: the caller decides whether an order can go on without its email (it can).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Kv } from "@/lib/kv/kv";
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
  /** Keep the outbox in this KV instead of outboxDir (a read-only file system). */
  outboxKv?: () => Promise<Kv>;
}

/** Each message in the KV outbox is at this prefix, then its time and recipient. */
export const OUTBOX_KEY_PREFIX = "mail:outbox:";
/** A demo's emails are read within days; the KV outbox does not grow without end. */
const KV_OUTBOX_TTL_MS = 7 * 24 * 3600_000;

export function createMailer(config: MailerConfig): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.from);
  return outboxMailer(config.from, config.outboxKv ? kvOutbox(config.outboxKv) : dirOutbox(config.outboxDir));
}

/** Where the outbox keeps one message's text, answering where it went. */
type OutboxWrite = (name: string, message: Buffer) => Promise<string>;

function dirOutbox(outboxDir: string): OutboxWrite {
  return async (name, message) => {
    const file = path.join(outboxDir, `${name}.eml`);
    // The folder is made when a write finds it missing, not before every email: it is there
    // for all but the first (or after someone emptied the outbox by deleting it).
    await writeFile(file, message, { mode: 0o600 }).catch(async (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      await mkdir(outboxDir, { recursive: true });
      await writeFile(file, message, { mode: 0o600 });
    });
    return file;
  };
}

function kvOutbox(openKv: () => Promise<Kv>): OutboxWrite {
  return async (name, message) => {
    const key = `${OUTBOX_KEY_PREFIX}${name}`;
    await (await openKv()).set(key, message.toString("utf8"), { ttlMs: KV_OUTBOX_TTL_MS });
    return `kv ${key}`;
  };
}

/**
 * nodemailer is loaded at the first message, not with the mailer: every route that may send
 * builds one, and a fresh function's first answer (a checkout's, whose email goes after it)
 * should not wait for a package it does not use before answering.
 */
function lazyTransport(smtpUrl: string): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = lazyTransport(smtpUrl);
  return {
    async send(message) {
      try {
        const info = await (await transport()).sendMail({ from, ...message });
        return ok({ where: `smtp ${info.messageId}` });
      } catch (error) {
        return err({ code: "mail_failed", message: `SMTP refused the message: ${error instanceof Error ? error.message : String(error)}` });
      }
    },
  };
}

function outboxMailer(from: string, write: OutboxWrite): Mailer {
  // The message nodemailer's stream transport would write, without its streams (compose-message.ts);
  // loaded at the first message, as the SMTP transport is, and tried again after a failed load.
  let compose: Promise<typeof import("./compose-message")> | undefined;
  const composer = () =>
    (compose ??= import("./compose-message").catch((error: unknown) => {
      compose = undefined;
      throw error;
    }));
  return {
    async send(message) {
      try {
        const { composeMessage } = await composer();
        const where = await write(`${new Date().toISOString().replace(/[:.]/g, "-")}-${safeName(message.to)}`, composeMessage(from, message));
        return ok({ where });
      } catch (error) {
        return err({ code: "mail_failed", message: `the outbox could not be written: ${error instanceof Error ? error.message : String(error)}` });
      }
    },
  };
}

function safeName(address: string): string {
  return address.replace(/[^\w.@-]/g, "_").slice(0, 80);
}
