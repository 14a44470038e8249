// An order's outbox is one string of lines, oldest first, each ending in "\n":
//   "<seq> <attempts> <notBeforeMs> <leaseUntilMs> <notification JSON>"
// One key per order, because a script may only touch keys it declares (the Redis and Upstash
// rule), and an outbox of entries under keys of their own would need keys it cannot know in
// advance. Only the head is ever leased or retried, and JSON.stringify never writes a raw
// newline, so the scripts edit the string without a JSON library. These are the embedded
// twins' halves of that format; the Lua halves sit in the scripts themselves.

export interface OutboxLine {
  seq: string;
  attempts: string;
  notBeforeMs: string;
  leaseUntilMs: string;
  json: string;
}

/** The head line and the rest of the queue (Lua: `string.match(queue, '^([^\n]*)\n(.*)$')`). */
export function splitHead(queue: string): { head: OutboxLine; rest: string } {
  const end = queue.indexOf("\n");
  const match = /^(\S+) (\S+) (\S+) (\S+) (.*)$/s.exec(queue.slice(0, end));
  if (end < 0 || !match) throw new Error(`Malformed outbox: ${queue.slice(0, 80)}`);
  const [, seq = "", attempts = "", notBeforeMs = "", leaseUntilMs = "", json = ""] = match;
  return { head: { seq, attempts, notBeforeMs, leaseUntilMs, json }, rest: queue.slice(end + 1) };
}

export function formatLine({ seq, attempts, notBeforeMs, leaseUntilMs, json }: OutboxLine): string {
  return `${seq} ${attempts} ${notBeforeMs} ${leaseUntilMs} ${json}\n`;
}
