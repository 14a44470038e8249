// An owner's unsaved edits of the rules, kept in KV per person so that the editor works without
// client-side code: each edit is a form post that changes the draft, the page previews the draft
// on the server, and "Save" saves it. The draft remembers the version it was started from (the
// save's expectedVersion) and has a stamp of its content, so a save can refuse anything other
// than exactly what the owner last saw previewed.
import { createHash } from "node:crypto";
import { z } from "zod";
import { getJson, setJson } from "@/lib/kv/json";
import type { RulesStoreDeps } from "./rules-store";
import { RULES_KEYS } from "./rules-keys";
import { ruleContentSchema, type RuleContent } from "./rule-set";

export const ruleDraftSchema = z.object({
  /** The version the edits were made to: saving fails if another version was saved since. */
  baseVersion: z.number().int().min(1),
  content: ruleContentSchema,
  updatedAt: z.number().int().min(0),
});
export type RuleDraft = z.infer<typeof ruleDraftSchema>;

type DraftDeps = Pick<RulesStoreDeps, "kv" | "upstream">;

/** A draft left alone this long is forgotten: the prices under it have moved on. */
const DRAFT_TTL_MS = 7 * 24 * 3_600_000;

export function readDraft(deps: DraftDeps, email: string): Promise<RuleDraft | null> {
  return getJson(deps.kv, RULES_KEYS.draft(deps.upstream, email), ruleDraftSchema);
}

export async function writeDraft(deps: DraftDeps, email: string, draft: { baseVersion: number; content: RuleContent; updatedAt: number }): Promise<RuleDraft> {
  const parsed = ruleDraftSchema.parse(draft);
  await setJson(deps.kv, RULES_KEYS.draft(deps.upstream, email), parsed, { ttlMs: DRAFT_TTL_MS });
  return parsed;
}

export async function discardDraft(deps: DraftDeps, email: string): Promise<void> {
  await deps.kv.del(RULES_KEYS.draft(deps.upstream, email));
}

/** What a preview page hands back with "Save": the same stamp means the same rules and base. */
export function draftStamp(draft: Pick<RuleDraft, "baseVersion" | "content">): string {
  return createHash("sha256").update(JSON.stringify([draft.baseVersion, draft.content])).digest("base64url").slice(0, 22);
}
