// Which scheduler acts on the orders' deadlines in this deployment (docs/scheduler.md), decided
// from the settings alone so the start check, the build's check and the wiring agree:
// - qstash: a QStash token is set: a signed, delayed message per deadline;
// - qstash-sandbox: a demo without one: the QStash emulation, embedded in the shop;
// - in-process: a long-running server (`next start`) without one: a loop started at start.
// A serverless host keeps no timer after its answer, so there a live shop must bring QStash, and
// its crons (the sweep, the reconciliation) need their secret.
import type { Env } from "./env";
import type { ShopMode } from "./shop-mode";

export type SchedulerKind = "qstash" | "qstash-sandbox" | "in-process";

export type SchedulerDecision = { ok: true; kind: SchedulerKind } | { ok: false; missing: string[] };

const QSTASH_SETTINGS = ["QSTASH_TOKEN", "QSTASH_CURRENT_SIGNING_KEY", "QSTASH_NEXT_SIGNING_KEY"] as const;

export function decideScheduler(config: Env, mode: ShopMode, serverless: boolean): SchedulerDecision {
  const missing: string[] = [];
  const qstash = Boolean(config.QSTASH_TOKEN);
  // Without both signing keys no delivery can be verified: every deadline would be refused.
  if (qstash || (serverless && mode === "live")) missing.push(...QSTASH_SETTINGS.filter((name) => !config[name]));
  if (serverless && mode === "live" && !config.CRON_SECRET) missing.push("CRON_SECRET");
  if (missing.length > 0) return { ok: false, missing };
  if (qstash) return { ok: true, kind: "qstash" };
  return { ok: true, kind: mode === "demo" ? "qstash-sandbox" : "in-process" };
}

/** The start check's sentence for what is missing. */
export function schedulerProblem(missing: string[]): string {
  return `Invalid configuration: the order deadlines' scheduler and the crons need ${missing.join(", ")} (docs/scheduler.md says where each comes from)`;
}
