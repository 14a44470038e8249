// The RFC 5322 text of one message for the outbox, byte for byte what nodemailer's stream
// transport writes with `newline: "unix"`, made in one synchronous pass. nodemailer still builds
// the tree and every header (MailComposer, MimeNode.buildHeaders) and its own encoders encode
// the bodies; what is left out is the streams around them (a pipeline of transforms, a
// PassThrough and a setImmediate per part), which cost several times the CPU of the message
// they carry (docs/architecture-decisions.md item 284). compose-message.test.ts holds the two equal.
import MailComposer from "nodemailer/lib/mail-composer";
import type MimeNode from "nodemailer/lib/mime-node";
import { Encoder as Base64Encoder } from "nodemailer/lib/base64";
import { Encoder as QuotedPrintableEncoder } from "nodemailer/lib/qp";
import type { Transform } from "node:stream";
import type { MailMessage } from "./mailer";

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
  if (node.content) text += body(node, node.content, encoding);
  if (node.multipart) {
    node.childNodes.forEach((child, index) => (text += `${index > 0 ? "\r\n" : ""}--${String(node.boundary)}\r\n${nodeText(child)}`));
    text += `\r\n--${String(node.boundary)}--\r\n`;
  }
  return text;
}

function body(node: MimeNode, content: NonNullable<MimeNode["content"]>, encoding: string | false): string {
  if (typeof content !== "string" && !Buffer.isBuffer(content)) throw new Error("the outbox composes messages of text only");
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  // The encoders MimeNode pipes the body through, with its options, given the body as the one
  // chunk it would get: their own rules for wrapping and for blanks that end the text hold.
  if (encoding === "quoted-printable") return encodedBy(new QuotedPrintableEncoder({ binary: !/^text\//i.test(node.contentType ?? "") }), bytes);
  if (encoding === "base64") return encodedBy(new Base64Encoder(), bytes);
  return bytes.toString("utf8");
}

/** A transform's output for one chunk and the end, its methods called in turn rather than piped. */
function encodedBy(encoder: Transform, bytes: Buffer): string {
  let out = "";
  encoder.push = (chunk: string | Buffer | null) => {
    if (chunk !== null) out += typeof chunk === "string" ? chunk : chunk.toString("latin1");
    return true;
  };
  const failed = (error?: Error | null) => {
    if (error) throw error;
  };
  // "buffer" is what a stream passes with a Buffer chunk, though Node's types name only text encodings.
  encoder._transform(bytes, "buffer" as BufferEncoding, failed);
  encoder._flush?.(failed);
  return out;
}
