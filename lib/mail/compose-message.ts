// The RFC 5322 text of one message for the outbox, byte for byte what nodemailer's stream
// transport writes with `newline: "unix"`, made in one synchronous pass. nodemailer still builds
// the tree and every header (MailComposer, MimeNode.buildHeaders) and its own functions encode
// the bodies; what is left out is its streams (a pipeline of transforms, a PassThrough and a
// setImmediate per part), which cost several times the CPU of the message they carry
// (docs/architecture-decisions.md item 284). compose-message.test.ts holds the two equal.
import MailComposer from "nodemailer/lib/mail-composer";
import type MimeNode from "nodemailer/lib/mime-node";
import { encode as base64 } from "nodemailer/lib/base64";
import { encode as quotedPrintable, wrap as wrapQuotedPrintable } from "nodemailer/lib/qp";
import type { MailMessage } from "./mailer";

/** What nodemailer's encoders wrap at (their default). */
const LINE_LENGTH = 76;

/**
 * `extra`: what sendMail would also be given; the tests pin the Message-ID, the date and the
 * boundary with it, which are otherwise new for every message.
 */
export function composeMessage(from: string, message: MailMessage, extra: { messageId?: string; date?: Date; baseBoundary?: string } = {}): Buffer {
  const text = nodeText(new MailComposer({ from, ...message, ...extra }).compile());
  // As nodemailer's last two transforms: the message ends with a line break, and every CR goes.
  const ended = text.endsWith("\n") ? text : text.endsWith("\r") ? `${text}\n` : `${text}\r\n`;
  return Buffer.from(ended.replaceAll("\r", ""), "utf8");
}

/** One node as MimeNode.stream() writes it: its headers, its body, then its children between boundaries. */
function nodeText(node: MimeNode): string {
  const encoding = node.getTransferEncoding();
  let text = `${node.buildHeaders()}\r\n\r\n`;
  if (node.content) text += body(node.content, encoding);
  if (node.multipart) {
    node.childNodes.forEach((child, index) => (text += `${index > 0 ? "\r\n" : ""}--${String(node.boundary)}\r\n${nodeText(child)}`));
    text += `\r\n--${String(node.boundary)}--\r\n`;
  }
  return text;
}

function body(content: NonNullable<MimeNode["content"]>, encoding: string | false): string {
  if (typeof content !== "string" && !Buffer.isBuffer(content)) throw new Error("the outbox composes messages of text only");
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  if (encoding === "quoted-printable") return wrapQuotedPrintable(quotedPrintable(bytes), LINE_LENGTH);
  if (encoding === "base64") return (base64(bytes).match(new RegExp(`.{1,${LINE_LENGTH}}`, "g")) ?? []).join("\r\n");
  return bytes.toString("utf8");
}
