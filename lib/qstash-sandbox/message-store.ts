// What the QStash emulation keeps: messages waiting for their time (or their next retry) and
// schedules, in memory behind a small controller with an explicit reset(). Deduplication ids are
// remembered so a repeated publish with the same id answers the first message's id and sends
// nothing more, as QStash does.
export interface SandboxMessage {
  messageId: string;
  url: string;
  method: string;
  body: string;
  /** Headers forwarded to the destination (Upstash-Forward-* without the prefix, Content-Type). */
  headers: Record<string, string>;
  /** When it may be delivered next (clock ms). */
  notBefore: number;
  /** Deliveries tried so far. */
  attempts: number;
  /** Retries after the first delivery, as published (QStash's default 3). */
  retries: number;
  /** Set while one delivery of it is under way, so two ticks cannot both send it. */
  inFlight: boolean;
}

export interface SandboxSchedule {
  scheduleId: string;
  destination: string;
  cron: string;
  method: string;
  body: string;
  headers: Record<string, string>;
  createdAt: number;
  /** The next time it fires (clock ms). */
  nextAt: number;
}

export interface DeliveredMessage {
  messageId: string;
  url: string;
  status: number;
  attempt: number;
  at: number;
}

export function createMessageStore() {
  const messages = new Map<string, SandboxMessage>();
  const dedup = new Map<string, string>();
  const schedules = new Map<string, SandboxSchedule>();
  const delivered: DeliveredMessage[] = [];
  /** Messages that used up their retries (QStash's dead-letter queue). */
  const dead: SandboxMessage[] = [];
  return {
    messages,
    dedup,
    schedules,
    delivered,
    dead,
    reset(): void {
      messages.clear();
      dedup.clear();
      schedules.clear();
      delivered.length = 0;
      dead.length = 0;
    },
  };
}

export type MessageStore = ReturnType<typeof createMessageStore>;
